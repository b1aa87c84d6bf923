#!/usr/bin/env bash
# Run 256 (one device call, .variants carried): w4one (the tree) against w4two (the W4A4 sweep
# without the short-stream clause), w4a4_one.py, three orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v w4one w4two) > /dev/null 2>&1
for order in "w4one w4two" "w4two w4one" "w4one w4two"; do
  VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_CMD="$PWD/docs/runs/run256/w4a4_one.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4_one.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4_one.txt"

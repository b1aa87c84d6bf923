#!/usr/bin/env bash
# Run 244 (one device call, .variants carried): tree (b3d208e's kernels) against two (one piece a
# thread in the W4A4 sweep only where K <= 1024), on K = 3072 and 5120 (docs/runs/run244/odd_k.py),
# two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v tree two) > /dev/null 2>&1
for order in "tree two" "two tree"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run244/odd_k.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/odd_k.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/odd_k.txt" | grep -v built

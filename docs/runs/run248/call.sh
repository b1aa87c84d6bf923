#!/usr/bin/env bash
# Run 248 (one device call, .variants carried): the two-column W4A16 sweep's pieces rule, a against
# b (docs/runs/run248/two_cols_ab.py), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
for order in "a b" "b a"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run248/two_cols_ab.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/two_cols_ab.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/two_cols_ab.txt"

#!/usr/bin/env bash
# Run 246 (one device call, .variants carried): head (20ee8c7: the W4A16 sweep with 2 pieces)
# against tree (the final kernels of items 159-160) on docs/runs/run246/k5120.py, two orders
# (BENCHMARKS.md item 160).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head tree) > /dev/null 2>&1
for order in "head tree" "tree head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run246/k5120.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/k5120.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/k5120.txt" | grep -v built

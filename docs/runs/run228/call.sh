#!/usr/bin/env bash
# Run 228: the final tree (b4fa7f5): its kernel and feature tests (the two new row-sweep cases,
# K = 3584 and 4064 on 9000 rows, on the tree's own kernels), then dynamic W4A4 (bf16 x quantized
# in the sweep) against W4A16 on row-major weights, docs/runs/next_dynamic.py, in cur (the tree:
# item 151 moved the 7- and 8-warp quantizing kernels too) and head (38a96cc's gemv_kernels.cu),
# two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh $(v cur) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -4
for order in "head cur" "cur head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=8 VARIANT_CMD="$PWD/docs/runs/next_dynamic.py" bash scripts/device_variants.sh $(v $order) >> "$OUT/dynamic.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/dynamic.txt" | grep -v built | sed 's/ row-major bf16 x://'

#!/usr/bin/env bash
# Prepared in the twenty-fifth session (not run; about 5 device minutes): the W4A16 sweep with one
# piece a thread where that leaves fewer of a row's pieces past K than 2 (item 158's rule for the
# W4A4 sweep: K = 7168 on 7 warps, K <= 1024 on one; at L > 1 too, where those shapes had taken
# the row tiles, e.g. 4096x7168x8 bf16 at 1.25x its floor), docs/runs/run240/sweep16_one.patch:
# s16one at 3 CTAs per SM (78-96 registers, no spills), s16one2 (sweep16_one2.patch) at 2; hot loop 416-431 SASS per 2
# row pairs of one piece (104-108 per 32 values against 87 with 2 pieces), every load first read
# 213-355 instructions after issue. head: the tree. (1) kernel + feature tests on s16one (stop on
# failure); (2) next_sweep16.py (W4A16 at N = 1; 2048x7168 bf16 is 1.45x its floor with 2 x 4)
# on all three, two orders. BENCHMARKS.md Next steps.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
mkdir -p .variants
cp src/nvfp4_gemv/csrc/gemv_kernels.cu .variants/head.cu
v() { for n in "$@"; do case $n in head) echo "head=@.variants/head.cu";;
  s16one) echo "s16one=%docs/runs/run240/sweep16_one.patch";; s16one2) echo "s16one2=%docs/runs/run240/sweep16_one2.patch";; esac; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head s16one s16one2) > "$OUT/builds.txt" 2>&1
cat "$OUT/builds.txt"
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh $(v s16one) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt"
for order in "head s16one s16one2" "s16one2 s16one head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | sed -E 's/ row-major / rm /g'

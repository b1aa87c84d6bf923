#!/usr/bin/env bash
# Prepared for the next session (not run; about 8 device minutes): where the W4A16 sweep's bf16
# time goes (bf16 row-major is 0.7-1.8 us slower than fp16 on the same kernel shape, runs 212-214;
# its prologue is 837 SASS against fp16's 423 in the 8-warp kernel, the hot loops equal at 711;
# item 146's per-warp exponent without CTA barriers was slower). Variants against the tree:
# e0 (next_bf16_e0.patch, a diagnostic, wrong past fp16's range: no column maximum, e = 0) and
# bfh (next_bf16_hmul2.patch: the rescale as two bf16x2 multiplications, 2 values an instruction,
# prologue 777 SASS), bfh1 (next_bf16_hmul2_one.patch: one bf16x2 multiplication where 2^e is a
# normal bf16, e <= 127, the two factors past that; a uniform branch). next_sweep16.py in two
# orders (unchecked), then the kernel and feature tests of bfh and bfh1 (their conversion is the
# staging's too; both compile for every target with no spills), and the tree's bf16 magnitudes
# test.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
for order in "base e0 bfh bfh1" "bfh1 bfh e0 base"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=";; e0) echo "e0=%docs/runs/next_bf16_e0.patch";;
      bfh) echo "bfh=%docs/runs/next_bf16_hmul2.patch";; bfh1) echo "bfh1=%docs/runs/next_bf16_hmul2_one.patch";;
      esac; done) >> "$OUT/w4a16.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh bfh=%docs/runs/next_bf16_hmul2.patch bfh1=%docs/runs/next_bf16_hmul2_one.patch \
  > "$OUT/tests.txt" 2>&1
# The tree's own run of the bf16 test written in run 213 (it ran on the per-warp form only).
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q tests/test_gpu_kernel.py -k bf16_magnitudes" \
  bash scripts/device_variants.sh base= >> "$OUT/tests.txt" 2>&1
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built
grep -E "==|passed|failed" "$OUT/tests.txt"

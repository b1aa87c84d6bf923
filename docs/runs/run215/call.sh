#!/usr/bin/env bash
# Run 215: where the W4A16 sweep's bf16 time goes (prepared in the twenty-first session as
# docs/runs/next_call.sh on e287501). Variants against the tree: e0 (next_bf16_e0.patch, a
# diagnostic, wrong past fp16's range: no column maximum, e = 0), bfh (next_bf16_hmul2.patch: the
# rescale as two bf16x2 multiplications), bfh1 (next_bf16_hmul2_one.patch: one bf16x2
# multiplication where 2^e is a normal bf16, a uniform branch). next_sweep16.py in two orders
# (unchecked), then the kernel and feature tests of bfh and bfh1, and the tree's bf16 magnitudes test.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "base e0 bfh bfh1" "bfh1 bfh e0 base"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=";; e0) echo "e0=%docs/runs/run215/next_bf16_e0.patch";;
      bfh) echo "bfh=%docs/runs/run215/next_bf16_hmul2.patch";; bfh1) echo "bfh1=%docs/runs/run215/next_bf16_hmul2_one.patch";;
      esac; done) >> "$OUT/w4a16.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh bfh=%docs/runs/run215/next_bf16_hmul2.patch bfh1=%docs/runs/run215/next_bf16_hmul2_one.patch \
  > "$OUT/tests.txt" 2>&1
# The tree's own run of the bf16 test written in run 213 (it ran on the per-warp form only).
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q tests/test_gpu_kernel.py -k bf16_magnitudes" \
  bash scripts/device_variants.sh base= >> "$OUT/tests.txt" 2>&1
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built
grep -E "==|passed|failed" "$OUT/tests.txt"

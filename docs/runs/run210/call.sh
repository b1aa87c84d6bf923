#!/usr/bin/env bash
# Prepared for the next session (not run; about 5 device minutes): the W4A16 sweep's two rows of
# a pair in one butterfly (s16p: next_sweep16_pairshfl.patch, 5 SHFL a pair against 10; 8-warp
# hot loop 728 / 731 SASS fp16 / bf16 against 747 / 761) and with the pair's shared slots as a
# 32-bit shared address (s16ps: next_sweep16_pairshfl_sts32.patch; 711 / 711). Both read the bf16
# exponent again after the rows instead of holding it (a register at the 128 cap). With one warp
# a row (K <= 2048) both forms left an 8-byte stack frame: there s16p keeps the tree's kernels
# (same SASS) and s16ps its 32-bit stores with a butterfly per row; no spills anywhere, so either
# can land as measured. next_sweep16.py in two orders (unchecked), then the kernel tests of each.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
for order in "base s16p s16ps" "s16ps s16p base"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=";; s16p) echo "s16p=%docs/runs/run210/next_sweep16_pairshfl.patch";;
      s16ps) echo "s16ps=%docs/runs/run210/next_sweep16_pairshfl_sts32.patch";; esac; done) >> "$OUT/w4a16.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh \
  s16p= s16ps= > "$OUT/tests.txt" 2>&1
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | tail -n 80
grep -E "==|passed|failed" "$OUT/tests.txt"

#!/usr/bin/env bash
# Prepared for the next session (not run; about 6 device minutes): (1) the W4A16 sweep with its
# row pairs interleaved over the CTAs at L = 1 (s16i: next_sweep16_inter.patch, item 139 for
# sweep16_kernel; the pair mapping checked by a Python emulation over M = 1..59 and larger, odd
# and even, G = 1..396); (2) the fused quantization of the W4A4 sweep done once per CTA into
# shared memory instead of once per group of warps (qs: next_sweep_qshare.patch; dynamic W4A4 on
# row-major weights took 4-6 us more than the FP4 sweep on the small layers, run 197). Each with
# the kernel and feature tests, then timings against the tree in two orders (unchecked):
# next_sweep16.py (W4A16) for s16i, next_dynamic.py (dynamic W4A4 against W4A16) for qs.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh "s16i=%docs/runs/run207/next_sweep16_inter.patch" \
  "qs=%docs/runs/run207/next_sweep_qshare.patch" > "$OUT/tests.txt" 2>&1
for order in "s16i base" "base s16i"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do echo "$v="; done) >> "$OUT/w4a16.txt" 2>&1
done
for order in "qs base" "base qs"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_dynamic.py" bash scripts/device_variants.sh \
    $(for v in $order; do echo "$v="; done) >> "$OUT/dynamic.txt" 2>&1
done
grep -E "==|passed|failed" "$OUT/tests.txt"
grep -vE "^\s*$" "$OUT/w4a16.txt" "$OUT/dynamic.txt" | grep -v built | sed 's/^.*\.txt://'

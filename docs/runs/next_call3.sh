#!/usr/bin/env bash
# Prepared for the next session (not run; about 3 device minutes): the W4A16 sweep with its row
# pairs interleaved over the CTAs at L = 1 (next_sweep16_inter.patch; the W4A4 sweep's item 139 for
# sweep16_kernel; the pair mapping checked by a Python emulation over M = 1..59 and larger, odd
# and even, G = 1..396): its kernel tests, then W4A16 one-column timings (next_sweep16.py,
# unchecked) against the tree in two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh base= \
  "s16i=%docs/runs/next_sweep16_inter.patch" > "$OUT/tests.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
  s16i= base= > "$OUT/t1.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
  base= s16i= > "$OUT/t2.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt"
grep -vE "^\s*$" "$OUT/t1.txt" "$OUT/t2.txt" | grep -v built | sed 's/^.*\.txt://'

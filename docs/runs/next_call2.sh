#!/usr/bin/env bash
# Prepared for the next session (not run; about 6 device minutes): the W4A4 sweep's ramp-up. Run
# 206 (BENCHMARKS.md item 140): launch, activation prologue and epilogue alone take 4.6-4.8 us,
# and until a thread has x decoded it has only the hot loop's 2 rows in flight. Each ramp variant
# asks L2 once, before the activation's prologue, for the group's next 2 / 4 / 8 rows (weights
# and scales; next_sweep_ramp{2,4,8}.patch; FP4 kernels only; the hot loop 285-289 SASS, no
# spills). Not item 44's steady prefetch (in the hot loop, much slower) nor the scale hints of
# items 80, 102, 110 (noise). time_shapes.py 20 in two orders (unchecked), then the kernel tests
# of each.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "ramp2=%docs/runs/next_sweep_ramp2.patch" "ramp4=%docs/runs/next_sweep_ramp4.patch" \
  "ramp8=%docs/runs/next_sweep_ramp8.patch" > "$OUT/ramp.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  ramp8= ramp4= ramp2= base= >> "$OUT/ramp.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh \
  ramp2= ramp4= ramp8= > "$OUT/tests.txt" 2>&1
grep -vE "^\s*$" "$OUT/ramp.txt" | grep -v built | tail -n 80
grep -E "==|passed|failed" "$OUT/tests.txt"

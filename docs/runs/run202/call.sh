#!/usr/bin/env bash
# Run 202 (2026-12-01): the W4A4 sweep's memory side alone (the decode replaced by an XOR) and the
# whole kernel, at three shapes forced (NVFP4_GEMV_SWEEP_SHAPE = pieces, warps a row, CTAs per SM;
# next_sweep_shape.patch, with next_sweep_nodecode.patch for "nd"); time_shapes.py, unchecked. Only
# the shapes whose K the forced shape covers take it (7168x16384: all three).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_ENVS="NVFP4_GEMV_SWEEP_SHAPE=2,8,3 NVFP4_GEMV_SWEEP_SHAPE=4,4,2 NVFP4_GEMV_SWEEP_SHAPE=2,8,2" \
  VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  "nd=%docs/runs/run202/next_sweep_shape_nodecode.patch" "sh=%docs/runs/run202/next_sweep_shape.patch" > "$OUT/nd.txt" 2>&1
grep -E "==|7168x16384|4096x7168x8|151936" "$OUT/nd.txt"

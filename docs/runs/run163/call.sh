#!/usr/bin/env bash
# Run 163: the row tiles' integer item by dp4a instead of mma.m16n8k32, as in run 162
# (compute_item_tile_dot, the activation staged as DotStage in 128-value steps, 1.5 bytes a value
# against ImmaStage's 3.25; tiled and row-major weights alike), now tile_dot2.patch: the staging's
# step arithmetic by shifts and the k spans' staged size spelt as before, so that the integer
# k-span kernel's sm_90a SASS is commit 7f94df2's again (run 162 measured it 1.9 us slower with
# that kernel's SASS rescheduled). "tdot" (the working tree) against "head" (.variants/head.cu =
# commit 7f94df2's gemv_kernels.cu; carry .variants), time_shapes.py with the tiled rows, twice
# each (the tests: in the full run that follows, on the same SASS). About 3 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 420 \
  bash scripts/device_variants.sh tdot= head=@.variants/head.cu > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40

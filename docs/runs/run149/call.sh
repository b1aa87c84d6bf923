#!/usr/bin/env bash
# Prepared in the thirteenth session for the next one (not run: no device time left), about 3
# minutes: bash docs/runs/next_call.sh (on the device, from the repository root; writes under $OUT).
# The tiled scales by one 4-byte load per lane and two shuffles (docs/runs/next_tiled_scales.patch,
# src only: tiled_scales in gemv_kernels.cu, 4-byte alignment of tiled scale tensors in
# binding.cpp and tiled_fits; BENCHMARKS.md item 104 and "Next steps"): build "tsf" (HEAD + the
# patch) and "head" (HEAD); the tiled and NVFP4Linear tests on "tsf" (120 cases), then
# time_shapes.py twice each. Compiles for sm_80-120a without spills (tiled integer loop 453
# SASS per 4 items, tiled fp16 626); the CPU tests pass with it.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 400 \
  bash scripts/device_variants.sh tsf=%docs/runs/next_tiled_scales.patch head= > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/tsf && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 120 python3 -m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py -k "tiled or linear or Linear" 2>&1 | tail -n 3) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

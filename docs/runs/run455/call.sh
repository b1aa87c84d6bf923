#!/usr/bin/env bash
# Run 455: the review commit 4801ee6 (plan_gemv_for's tile-sweep attempt through one lambda; host
# code, sm_90a SASS byte-identical to d013d28's): the build, then the GPU tests of the tile sweep,
# the band sweep and the tiled format (test_gpu_kernel.py -k "tile_sweep or band or tiled").
# Usage (device, from the repo root): bash docs/runs/run455/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k "tile_sweep or band or tiled" 2>&1 \
  | tail -n 3 > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/env.txt"

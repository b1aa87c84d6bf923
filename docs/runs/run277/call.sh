#!/usr/bin/env bash
# Run 277: why the library's tile sweep trails its probe on clusters of 4 (BENCHMARKS.md item 184):
# the grid it launches (grid.py, torch.profiler) and the probe again in the same call.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 &
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/c8 scripts/cols8_probe.cu || exit 1
wait
timeout 120 python3 docs/runs/run277/grid.py > "$OUT/grid.txt" 2>&1; cat "$OUT/grid.txt"
timeout 200 /tmp/c8 20 > "$OUT/probe.txt" 2>&1; head -8 "$OUT/probe.txt"

#!/usr/bin/env bash
# Run 274: scripts/cols8_probe.cu (W4A16 fp16 at 8 columns, all of each mma used: weights through
# shared memory, x in registers over a thread block cluster), checked and timed against the floor,
# then the library's N = 1 / N = 8 times on the same shapes (lib_cols.py).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || tail -20 /tmp/build.log) &
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/c8 scripts/cols8_probe.cu || exit 1
wait
timeout 300 /tmp/c8 20 > "$OUT/probe.txt" 2>&1; echo "probe exit $?" >> "$OUT/probe.txt"
cat "$OUT/probe.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 200 python3 docs/runs/run274/lib_cols.py > "$OUT/lib.txt" 2>&1
cat "$OUT/lib.txt"

#!/usr/bin/env bash
# Run 301 (BENCHMARKS.md item 194): (1) the tile-sweep clusters the H200 holds at once for c =
# 1..8 (cluster_fit.cu; run 300's form only answered c = 1..3); (2) row-major against tiled weights
# at 3..16 columns on six layers, bf16 and FP4 x (layouts.py), for NVFP4Linear's layout advice.
# Predicted: (1) 132 / 66 / 39 / 30 and ~20-24 / ~20 / ~16 / ~14-16 for 5..8; (2) row-major faster
# at 8..16 columns everywhere (7168x16384 N = 16 36.4 against 38.7 tiled in run 300), within
# 0.5 us at 3-4 where K > 8192.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
(nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/cluster_fit docs/runs/run301/cluster_fit.cu \
  src/nvfp4_gemv/csrc/gemv_kernels.cu > "$LOGS/cluster_fit_build.log" 2>&1 && /tmp/cluster_fit > "$OUT/cluster_fit.txt" 2>&1) &
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
timeout 200 python3 docs/runs/run301/layouts.py > "$OUT/layouts.txt" 2>&1
wait
cat "$OUT/cluster_fit.txt" "$OUT/layouts.txt"

#!/usr/bin/env bash
# Run 316: weight_layout "auto" past K = 16384 (layouts.py: row-major against tiled, bf16 / FP4 x,
# N = 1..16, 8192x28672 and 3584x18944). Predicted: row-major faster at every N (at N = 1: run 312,
# 8192x28672 W4A4 40.8 against 43.1 us, bf16 45.5 against 49.5; at 2..16 the tile sweep against
# the tiled row tiles).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
timeout 150 python3 docs/runs/run316/layouts.py > "$OUT/layouts.txt" 2>&1
cat "$OUT/layouts.txt"

#!/usr/bin/env bash
# Run 338 (BENCHMARKS.md item 217): does a batched call read faster as one front? front.py times
# the tree's W4A4 and W4A16 (fp16) GEMV on 4096x7168x8 against 32768x7168x1 and 7168x2048x4
# against 28672x2048x1 (the same bytes; L = 1 interleaves the rows over the CTAs, L > 1 gives each
# CTA a contiguous range), with the kernel each takes. Predicted: if the batched shapes' memory
# side (item 207: up to 3.3 us over the floor) is their many contiguous ranges, the flat shapes
# 1-3 us faster on the same kernel shape; if even, the order the rows are read in is not it.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 300 python3 docs/runs/run338/front.py 30 2>&1 | grep -v -i warn > "$OUT/front.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/front.txt"; tail -n 2 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 321: the tree of 4594266 (kernels as in run 320). wide_k.py: (a) the plans past K = 32768
# (no sweep built there: the row tiles), against the floor; (b) fp16 x's mantissa on the wide
# one-piece W4A16 kernels. Predicted: (a) the row tiles 1.2-1.4x the floor at one column (the tile
# rows' pattern read bare was 1.42x), (b) fp16 with cleared mantissa bits as fast as bf16 (data,
# not code) if the clock drops under the fp16 products' power.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 300 python3 docs/runs/run321/wide_k.py b a > "$OUT/wide_k.txt" 2>&1
cat "$OUT/env.txt" | tail -3; cat "$OUT/wide_k.txt"

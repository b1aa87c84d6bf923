#!/usr/bin/env bash
# Run 304 (BENCHMARKS.md item 196): the tile sweep's 4 chunks a thread (the tree, where
# sweep8_choice's model says >= 10% less work: 4096x14336, 2048x16384, 1024x14336 at 3..8 columns)
# against 2 chunks everywhere (.variants/two.cu, carried), two orders. Predicted: with item 191's
# branch-free 2-chunk copies (2.6 us off 7168x16384 N = 8) 2 chunks within 0.5 us of 4, bf16 (its
# 4-chunk scales in shared memory) 2 chunks faster.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srctwo && cp -r src /tmp/srctwo && cp .variants/two.cu /tmp/srctwo/nvfp4_gemv/csrc/gemv_kernels.cu
(PYTHONPATH=/tmp/srctwo NVFP4_GEMV_CACHE_DIR=/tmp/cache_two python3 -m nvfp4_gemv build > "$LOGS/build_two.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in tree two two tree; do
  if [ $v = tree ]; then PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 60 python3 docs/runs/run304/pieces_ab.py $v
  else PYTHONPATH=/tmp/srctwo NVFP4_GEMV_CACHE_DIR=/tmp/cache_two timeout 60 python3 docs/runs/run304/pieces_ab.py $v; fi
done > "$OUT/pieces_ab.txt" 2>&1
cat "$OUT/pieces_ab.txt"

#!/usr/bin/env bash
# Run 291 (BENCHMARKS.md item 191). (1) The tile sweep's 4-piece form (clusters of 2 on all 132
# SMs) on 7168x16384 N = 8, now that its copies are branch-free too (824 SASS a tile of 256 chunk
# slots against 2 x 467 for 2 pieces): "four" (the work model's 10% margin dropped) against the
# tree (2 pieces, clusters of 4, 120 SMs), cols8_probe's harness, two orders. Predicted: four
# 0.5-1.5 us faster (31.4 -> ~30.5). (2) The tree without "K <= 8192 or N > 4": the tile sweep at
# N = 3-4 on K > 8192 too, against NVFP4_GEMV_SWEEP8=0 (the kernels taken there before), two
# orders. Predicted: 7168x16384 N = 3-4 ~31 against ~32; 4096x14336 N = 3 ~21.4 against 22.5.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$LOGS/build_$1.log" 2>&1 || echo "build $1 failed"
}
build tree src/nvfp4_gemv/csrc/gemv_kernels.cu & build four .variants/four.cu &
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in tree four four tree; do
  echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 "16w p2 s4 c4" >> "$OUT/ab.txt" 2>&1
done
grep -E "^==|library|^7168" "$OUT/ab.txt" | head -40
for mode in unset 0 0 unset; do
  if [ $mode = unset ]; then python3 docs/runs/run291/cols_ab.py; else NVFP4_GEMV_SWEEP8=0 python3 docs/runs/run291/cols_ab.py; fi
done > "$OUT/cols_ab.txt" 2>&1
cat "$OUT/cols_ab.txt"

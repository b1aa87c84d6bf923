#!/usr/bin/env bash
# Run 339 (BENCHMARKS.md item 218): the W4A16 sweep at one column where ceil(K / 1024) is odd takes
# one piece a thread at any size (run 338: 32768x7168 fp16 51.4-51.6 us, 1.37x its floor);
# .variants/w16two takes 2 pieces there past kSweepOnePieceMaxBytes (16 MiB) unless K <= 1024.
# odd_k.py 20 on both builds, orders tree / w16two / w16two / tree. Predicted: from 33 MB on
# 2 pieces 0-2 us faster (item 159 measured one piece ahead on 13824x5120, 40 MB, by 0.5-1.2 us,
# so the crossover may lie above it); 4096x7168 and 8192x3072 (under 16 MiB) unchanged.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
v=w16two
rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
(PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL: odd_k.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run339/odd_k.py 20 2>&1 | grep -v -i warn
}
{ side tree; side w16two; side w16two; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

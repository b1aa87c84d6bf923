#!/usr/bin/env bash
# Run 330 (BENCHMARKS.md item 210): run 329's timelines put the sweep's first row at 3.6 us (median)
# and its later rows at the floor's pace. Is the start the activation's hot L2 lines (every CTA
# reads all of x at once)? "tl2" (.variants/tl2): thread 0's row-0 words landing and its x pieces
# landing + decoded, and the floor's first 8 loads landing (timeline.py); "nox" (.variants/nox):
# x made up in registers, nothing loaded (unchecked), time_shapes.py against the tree in the
# orders tree / nox / nox / tree. Predicted: x lands 0.5-1.5 us after row 0's words; nox 0.5-1
# us faster on every shape.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in tl2 nox; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
for s in "7168 16384 1" "4096 7168 8" "7168 2048 4" "4096 4096 1"; do
  PYTHONPATH=/tmp/src_tl2 NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl2 timeout 90 python3 docs/runs/run330/timeline.py $s 3 2>&1 | grep -v -i warn
done > "$OUT/timeline.txt"
echo "timeline done ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL: time_shapes.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/time_shapes.py 20 2>&1 | grep -v -i warn
}
{ side tree; side nox; side nox; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/timeline.txt" | grep -v "loop end 1st\|entry  "; cat "$OUT/sides.txt"; tail -3 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 331 (BENCHMARKS.md item 211): runs 329-330's timelines have the W4A4 sweep's rows at ~7%
# under the floor's steady rate (55 KB in flight an SM against the floor's 64 KB), x's late
# arrival not the cause (nox even). L2 bulk prefetches (cp.async.bulk.prefetch.L2, one a warp for
# its pieces and one for its scales, lane 0's pointers by SHFL) of the row 1 (pf1) or 2 (pf2)
# beyond each thread's 2-row load window: more DRAM requests in flight without registers. Hot
# loop 2x8 324 / 332 SASS against 281, no spills. time_shapes.py (unchecked; a prefetch changes no
# value) in the orders tree / pf1 / pf2 / pf2 / pf1 / tree. Predicted: 7168x16384 and 4096x14336
# 0.3-0.8 us faster (pf2 more), the by-group short-K kernels (4 prefetches a warp and row) even
# or slower.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
VARIANTS="pf1 pf2"
for v in $VARIANTS; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL: time_shapes.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/time_shapes.py 20 2>&1 | grep -v -i warn
}
{ side tree; side pf1; side pf2; side pf2; side pf1; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -2 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 327 (BENCHMARKS.md item 207): where the W4A4 row sweep's ~2 us over its floor go now (item
# 138's sides, last measured before items 139-158): the tree (the code of 4f3901c), "nodecode"
# (the memory side alone: each piece's decode and dot products an XOR of its loaded words,
# .variants/nodecode) and "nomem" (the compute side alone: every row re-reads the group's rows
# 2-5, from L2 after the first pass, .variants/nomem), each in its own build; time_shapes.py in
# the orders tree / nodecode / nomem / nomem / nodecode / tree (unchecked: the variants compute
# something else on purpose); then memcheck on the tree. Predicted: nodecode ~0.5 us under the
# tree on the task shapes (the last rows' compute, exposed after the stream ends), nomem about
# the tree's time less the floor's DRAM ramp; memcheck clean.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in nodecode nomem; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
side() {  # LABEL: time_shapes.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/time_shapes.py 20 2>&1 | grep -v -i warn
}
{ side tree; side nodecode; side nomem; side nomem; side nodecode; side tree; } > "$OUT/sides.txt" 2>&1
echo "sides done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
if [ $SECONDS -lt 240 ]; then  # device time is short: memcheck only where the call has room
  timeout 140 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
  echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases, ${SECONDS}s)" | tee "$OUT/checks.log"
else
  echo "memcheck not run (${SECONDS}s)" | tee "$OUT/checks.log"
fi
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -2 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 367 (BENCHMARKS.md item 231): item 231's kernels (commit 00545df) under compute-sanitizer
# memcheck and racecheck (docs/runs/run367/sanitize.py, NVFP4_GEMV_PRESCALE=0), then the prescale
# rule's threshold re-measured: docs/runs/run367/prescale_sizes.py 20 with the pre-kernel forced on
# and off, in the orders on / off / off / on. At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run367/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
{ for tool in memcheck racecheck; do
    echo "== $tool (${SECONDS}s)"
    NVFP4_GEMV_PRESCALE=0 timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 \
      python3 docs/runs/run367/sanitize.py 2>&1 | tail -n 8
    echo "$tool exit ${PIPESTATUS[0]} (${SECONDS}s)"
  done; } > "$OUT/sanitize.txt"
for pre in 1 0 0 1; do
  echo "== NVFP4_GEMV_PRESCALE=$pre (${SECONDS}s)"
  NVFP4_GEMV_PRESCALE=$pre timeout 90 python3 docs/runs/run367/prescale_sizes.py 20 2>&1 | grep -v -i warn
done > "$OUT/sizes.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "exit|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitize.txt"; cat "$OUT/sizes.txt"; tail -n 1 "$OUT/env.txt"

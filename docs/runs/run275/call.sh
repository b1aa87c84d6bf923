#!/usr/bin/env bash
# Run 275: the tile sweep (sweep8_kernel, 3..8 columns at L = 1; BENCHMARKS.md item 184): build;
# the kernel, feature and NVFP4Linear tests with the GPU; memcheck (3 tile-sweep cases new); then
# cols_ab.py with the tile sweep off and on (NVFP4_GEMV_SWEEP8, same build), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
for order in "0 1" "1 0"; do
  for s in $order; do
    if [ "$s" = 0 ]; then NVFP4_GEMV_SWEEP8=0 timeout 100 python3 docs/runs/run275/cols_ab.py; else timeout 100 python3 docs/runs/run275/cols_ab.py; fi
  done
done > "$OUT/cols_ab.txt" 2>&1
cat "$OUT/cols_ab.txt"
timeout 240 python3 -m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -B3 -A12 "ERROR SUMMARY: [1-9]" "$LOGS/memcheck.log" | head -40 >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error|assert" "$OUT/pytest.log" | tail -n 25

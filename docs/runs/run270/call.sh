#!/usr/bin/env bash
# Run 270 (thirtieth session; one device call): W4A4 at two columns on the W4A16 sweep's kernel
# (BENCHMARKS.md item 181; the working tree): build; the kernel, feature, NVFP4Linear and plan-rule
# tests with the GPU; memcheck; then w4a4_two_cols.py with the sweep and with NVFP4_GEMV_SWEEP16=0
# (the row tiles), two orders (unchecked timings).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py tests/test_plan_rules.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
for order in "- 0" "0 -"; do
  for v in $order; do
    if [ "$v" = 0 ]; then NVFP4_GEMV_SWEEP16=0 timeout 60 python3 docs/runs/run270/w4a4_two_cols.py; else timeout 60 python3 docs/runs/run270/w4a4_two_cols.py; fi
  done
done > "$OUT/w4a4_two_cols.txt" 2>&1
cat "$OUT/w4a4_two_cols.txt"

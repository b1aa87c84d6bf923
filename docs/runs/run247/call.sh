#!/usr/bin/env bash
# Run 247 (one device call): the tree with the W4A16 sweep at two activation columns (BENCHMARKS.md
# item 164): build; two-column timings with the sweep and with NVFP4_GEMV_SWEEP16=0 (the row tiles),
# two orders (docs/runs/run247/two_cols.py); the whole test suite with the GPU; memcheck (two new
# two-column cases); then bench --all (write flush).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
for order in "1 0" "0 1"; do
  for mode in $order; do
    if [ "$mode" = 1 ]; then python3 docs/runs/run247/two_cols.py; else NVFP4_GEMV_SWEEP16=0 python3 docs/runs/run247/two_cols.py; fi
  done
done > "$OUT/two_cols.txt" 2>&1
cat "$OUT/two_cols.txt"
timeout 250 python3 -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 120 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench (write flush, exit $?)"; grep -iE "N =|columns|^\| *[0-9]+ \|" "$OUT/bench_write.txt" | head -30

#!/usr/bin/env bash
# Run 238 (one device call): the tree with one piece a thread in the W4A4 row sweep where that
# leaves fewer pieces past K (BENCHMARKS.md item 158): build, the whole test suite with the GPU,
# memcheck (scripts/memcheck_cases.py, two new one-piece cases), then the benches: --all (write
# flush), read flush and the leaderboard rule. The forced-variant test passes of
# `scripts/device_run.sh full` are left out (10.5 minutes in all, past the device time left): every
# forced variant makes the sweeps stand aside, and no other kernel's SASS changed (sass_compare).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
python3 -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED" "$OUT/pytest.log" | tail -n 15
python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
python3 -m nvfp4_gemv bench --leaderboard --no-baselines --json "$OUT/bench_leaderboard.json" > "$OUT/bench_leaderboard.txt" 2>&1
echo "== bench (write flush)"; head -40 "$OUT/bench_write.txt"
echo "== bench (read flush)"; grep -E "^\|" "$OUT/bench_read.txt" | head -12
echo "== leaderboard"; tail -6 "$OUT/bench_leaderboard.txt"

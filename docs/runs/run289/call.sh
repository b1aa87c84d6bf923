#!/usr/bin/env bash
# Run 289 (BENCHMARKS.md item 189): the task rows under the leaderboard rule (fresh inputs each
# rep, re-checked, the task's stop rule) with the predicated stream floor, on 445ea6c's tree.
# Predicted: GEMV as run 238's 23.7 / 42.1 / 15.2 us, floors 21.2 / 38.1 / 13.2.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
timeout 120 python3 -m nvfp4_gemv bench --leaderboard --no-baselines --json "$OUT/bench_leaderboard.json" > "$OUT/bench_leaderboard.txt" 2>&1
echo "== leaderboard (exit $?)"; cat "$OUT/bench_leaderboard.txt"

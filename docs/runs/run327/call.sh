#!/usr/bin/env bash
# Run 327: checks on the session's final code (the code of 4f3901c, run 326):
# memcheck over scripts/memcheck_cases.py, the leaderboard-rule bench (the task's stop rule, fresh
# inputs each rep, re-checked), then the kernel tests with variants forced (the bulk-copy ring,
# the k spans, both row sweeps off; each last run in run 232) as far as the call's time goes.
# Predicted: memcheck clean, leaderboard rows ~23.8 / 42.1 / 15.3 us (run 289), every test passes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 160 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases, ${SECONDS}s)" | tee "$OUT/checks.log"
timeout 60 python3 -m nvfp4_gemv bench --leaderboard --no-baselines --json "$OUT/bench_leaderboard.json" > "$OUT/bench_leaderboard.txt" 2>&1
echo "== leaderboard (exit $?, ${SECONDS}s)"; grep -E "^\||geomean" "$OUT/bench_leaderboard.txt"
forced() {  # NAME ENV...: the kernel tests with the variant forced, while the call has time
  local name=$1; shift
  [ $SECONDS -lt 420 ] || { echo "$name: not run (time)" | tee -a "$OUT/checks.log"; return; }
  env "$@" timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 | sed "s/^/$name: /" | tee -a "$OUT/checks.log"
}
forced "row sweeps off" NVFP4_GEMV_SWEEP=0 NVFP4_GEMV_SWEEP16=0
forced "ring forced" NVFP4_GEMV_RING=1
forced "spans forced" NVFP4_GEMV_SPANS=1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -1 "$OUT/env.txt"

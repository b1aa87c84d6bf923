#!/usr/bin/env bash
# Run 224: commit 625c703 (the sweeps' pieces by warp where a row takes 7-8 warps, item 151): the
# whole test suite, memcheck, and the bench (write flush --all, read flush, leaderboard rule) for
# the Current tables. As scripts/device_run.sh full without its forced-variant kernel-test passes
# (ring, spans, integer item on / off, sweeps off, integer k spans): those kernels' SASS is
# unchanged by 625c703 (cuobjdump, every function but the 7- and 8-warp sweeps), and run 209
# passed them.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -n 30 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
python3 -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries)" >> "$OUT/pytest.log"
python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
python3 -m nvfp4_gemv bench --leaderboard --no-baselines --json "$OUT/bench_leaderboard.json" > "$OUT/bench_leaderboard.txt" 2>&1
grep -E "passed|failed|memcheck|FAILED" "$OUT/pytest.log" | tail -n 8
grep -E "task|geomean|floor|W4A4|bf16|N=" "$OUT/bench_write.txt" | head -60
grep -E "task|geomean" "$OUT/bench_read.txt" "$OUT/bench_leaderboard.txt"

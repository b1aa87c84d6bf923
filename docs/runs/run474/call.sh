#!/usr/bin/env bash
# Run 474: the refresh run of the session's tree (the patches runs 471 / 472 chose, and the
# sixty-seventh session's features: NVFP4Linear's global scale per output row, NVFP4_GEMV_LOG):
# the build, every GPU test of the kernel, features and NVFP4Linear, compute-sanitizer memcheck on
# all of scripts/memcheck_cases.py, the "Current" benches (bench --reps 30; --flush read
# --no-baselines; --all), as scripts/device_run.sh current runs them, then run 473's timing of the
# per-row global scale (docs/runs/run473/per_row.py, 30 reps). The tests' 25 slowest go to
# tests.txt after the tests' summary and before memcheck's (the GPU tests take 123-160 s of each
# refresh call). Seven files come back (the device returns 8 at most): env, tests, per_row,
# benches.txt (the three benches' tables) and the three bench JSON files.
# Usage (device, from the repo root): bash docs/runs/run474/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 240 python3 -m pytest -q -p no:cacheprovider --durations=25 tests/test_gpu_kernel.py \
  tests/test_gpu_features.py tests/test_linear_and_peers.py > /tmp/tests474.log 2>&1
grep -E "passed|failed|FAILED|Error" /tmp/tests474.log | tail -n 8 > "$OUT/tests.txt"
grep -E "^[0-9.]+s (call|setup)" /tmp/tests474.log >> "$OUT/tests.txt"  # where the tests' time goes
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
  | tail -n 2 | sed 's/^/memcheck: /' >> "$OUT/tests.txt"
echo "memcheck ${SECONDS}s" >> "$OUT/env.txt"
bench() {
  local name=$1 limit=$2; shift 2
  timeout "$limit" python3 -m nvfp4_gemv bench "$@" --json "$OUT/$name.json" > "/tmp/$name.txt" 2>&1
  { echo "== $name: bench $*"; cat "/tmp/$name.txt"; } >> "$OUT/benches.txt"
}
bench bench_task_write 60 --reps 30
bench bench_read 60 --reps 30 --flush read --no-baselines
bench bench_write 120 --reps 30 --all
echo "benches ${SECONDS}s" >> "$OUT/env.txt"
timeout 90 python3 docs/runs/run473/per_row.py 30 > "$OUT/per_row.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
head -n 12 "$OUT/tests.txt"; grep -E "^== |geomean" "$OUT/benches.txt"
grep -E "W4A16 bf16 N=1 \|" /tmp/bench_write.txt | head -8; cat "$OUT/per_row.txt" "$OUT/env.txt"

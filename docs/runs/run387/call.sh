#!/usr/bin/env bash
# Run 387: `nvfp4-gemv bench` (the task rows through custom_kernel, write flush, no cuBLAS
# baselines, 20 reps) on the final commit, the session's last device seconds.
# Usage (device, from the repo root): bash docs/runs/run387/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s"
python3 -m nvfp4_gemv bench --reps 20 --no-baselines --json "$OUT/bench_task.json" 2>&1 | grep -v -i warn | tee "$OUT/bench_task.txt"
echo "all done ${SECONDS}s"

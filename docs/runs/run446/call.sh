#!/usr/bin/env bash
# Run 446: BENCHMARKS.md's "Current" benches on the tree of the band sweep for any K (item 271,
# commit 2ef4c47, whose GPU tests and memcheck ran in run 445 on the same src): the build, then
# `bench --reps 30` (the task rows, write flush), `--flush read --no-baselines`, `--all` (write
# flush), as scripts/device_run.sh current runs them.
# Usage (device, from the repo root): bash docs/runs/run446/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
echo "built ${SECONDS}s" >> "$OUT/env.txt"
bench() {
  local name=$1 limit=$2; shift 2
  timeout "$limit" python3 -m nvfp4_gemv bench "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2>&1
}
bench bench_task_write 60 --reps 30
bench bench_read 60 --reps 30 --flush read --no-baselines
bench bench_write 120 --reps 30 --all
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "W4A16 bf16 N=1 (tiled )?\|" "$OUT/bench_write.txt" | head -20; cat "$OUT/env.txt"

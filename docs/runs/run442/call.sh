#!/usr/bin/env bash
# Run 442: the tree of the tiled tile sweep (BENCHMARKS.md item 270; timed against the tree without
# it in run 441): the build, every GPU test of the kernel, the features and NVFP4Linear, then
# BENCHMARKS.md's "Current" benches: `bench --reps 30` (the task rows, write flush), `--flush read
# --no-baselines`, `--all` (write flush), as scripts/device_run.sh current runs them.
# Usage (device, from the repo root): bash docs/runs/run442/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 330 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 12 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
bench() {
  local name=$1 limit=$2; shift 2
  timeout "$limit" python3 -m nvfp4_gemv bench "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2>&1
}
bench bench_task_write 60 --reps 30
bench bench_read 60 --reps 30 --flush read --no-baselines
bench bench_write 120 --reps 30 --all
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests.txt"; grep -E "geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "N=(8|16) (tiled )?\|" "$OUT/bench_write.txt" | head -20; cat "$OUT/env.txt"

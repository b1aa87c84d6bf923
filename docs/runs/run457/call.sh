#!/usr/bin/env bash
# Run 457: the tree of commit 9b46bb1 (BENCHMARKS.md item 275: W4A4 at one FP4 column on the band
# sweep on the tiled format where K fills every warp's groups): the build, every GPU test of the
# kernel, features and NVFP4Linear, compute-sanitizer memcheck on all of scripts/memcheck_cases.py
# (the item's cases added), then the "Current" benches (bench --reps 30; --flush read
# --no-baselines; --all), as scripts/device_run.sh current runs them.
# Usage (device, from the repo root): bash docs/runs/run457/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 6 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
  | tail -n 4 > "$OUT/memcheck.txt"
echo "memcheck ${SECONDS}s" >> "$OUT/env.txt"
bench() {
  local name=$1 limit=$2; shift 2
  timeout "$limit" python3 -m nvfp4_gemv bench "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2>&1
}
bench bench_task_write 60 --reps 30
bench bench_read 60 --reps 30 --flush read --no-baselines
bench bench_write 120 --reps 30 --all
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/memcheck.txt"; grep -E "geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "tiled" "$OUT/bench_write.txt" | head -20; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 452: the tree of BENCHMARKS.md item 273's launch rule for 2-3 columns as committed
# (sweep8_pays: the measured rule of run 451 narrowed to the cases where it won: the tiled
# format's tile sweep kept past K = 16384, row-major two columns on the tile sweep only past 2^27
# bytes): the build, every GPU test of the kernel, features and NVFP4Linear, compute-sanitizer
# memcheck on memcheck452.py, then the "Current" benches (bench --reps 30; --flush read
# --no-baselines; --all), as scripts/device_run.sh current runs them.
# Usage (device, from the repo root): bash docs/runs/run452/call.sh  (OUT: where the output goes)
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
  tests/test_linear_and_peers.py 2>&1 | tail -n 3 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run452/memcheck452.py 2>&1 \
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
grep -E "N=2 " "$OUT/bench_write.txt" | head; cat "$OUT/env.txt"

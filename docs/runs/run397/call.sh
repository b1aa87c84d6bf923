#!/usr/bin/env bash
# Run 397 (BENCHMARKS.md item 244): the final tree (the W4A16 sweep's diagonal sums and unscaled
# block scales, item 244): the kernel, feature and NVFP4Linear GPU tests, memcheck on the changed
# kernels (sanitize.py), then the benches for the "Current" tables as run 368 took them:
# `nvfp4-gemv bench --reps 30` (the task rows through custom_kernel, with cuBLAS), `--flush read
# --no-baselines`, `--all` (write flush).
# Usage (device, from the repo root): bash docs/runs/run397/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 3 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
{ timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run397/sanitize.py 2>&1 | tail -n 8
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } > "$OUT/sanitize.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" \
  > "$OUT/bench_read.txt" 2>&1
timeout 150 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/sanitize.txt"; grep -E "geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "W4A16 bf16 N=1 \|" "$OUT/bench_write.txt" | head -12; cat "$OUT/env.txt"

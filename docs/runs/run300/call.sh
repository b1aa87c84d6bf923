#!/usr/bin/env bash
# Run 300 (BENCHMARKS.md item 194): the final tree with the tile sweep at 9..16 columns. The
# clusters the H200 holds at once as the library finds them (cluster_fit.cu, for plan_rules.cu's
# H200 description); build; the kernel, feature and NVFP4Linear tests; memcheck (two new tile-sweep
# cases at 12 and 16 columns); the task rows (write flush, then read flush); bench --all (write
# flush). Predicted: one-column rows as in run 298; 7168x16384 N = 16 W4A4 ~36.4 us (run 299),
# bf16 ~37.6, tiled unchanged (39.2 / 44.2), N = 8 as in run 298 (29.9 / 31.6).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
(nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/cluster_fit docs/runs/run300/cluster_fit.cu \
  src/nvfp4_gemv/csrc/gemv_kernels.cu > "$LOGS/cluster_fit_build.log" 2>&1 && /tmp/cluster_fit > "$OUT/cluster_fit.txt" 2>&1) &
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
cat "$OUT/cluster_fit.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 170 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 110 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
echo "== task rows (write flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_task_write.txt" | head -14
timeout 50 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
echo "== task rows (read flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_read.txt" | head -14
timeout 170 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench --all (write flush, exit $?)"; grep -E "7168,16384,1 \| W4A|N=1 \|" "$OUT/bench_write.txt" | head -44

#!/usr/bin/env bash
# Run 359 (BENCHMARKS.md item 228): the bf16 row sweep's one-column kernels without their L > 1 code
# (kBatched instances for L > 1) and the prescale rule cut to 2 warps a row: build; the GPU tests
# (kernel, features, NVFP4Linear); memcheck of docs/runs/run355/memcheck_prescale.py's cases on the
# bf16 sweep itself (NVFP4_GEMV_PRESCALE=0: L = 1 kernels, and K sections on the kBatched ones);
# docs/runs/run355/prescale_rule.py 20 under the rule, then with the pre-kernel off; the benches as
# run 349 ran them. At most 8 files under OUT (the device tool's cap).
# Usage (device, from the repo root): bash docs/runs/run359/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
{ timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
    tests/test_linear_and_peers.py 2>&1 | tail -n 30
  echo "(${SECONDS}s)"
  echo "== memcheck, NVFP4_GEMV_PRESCALE=0"
  NVFP4_GEMV_PRESCALE=0 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 \
    python3 docs/runs/run355/memcheck_prescale.py 2>&1 | tail -n 8
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"
  echo "== prescale_rule.py 20, the rule"
  timeout 60 python3 docs/runs/run355/prescale_rule.py 20 2>&1 | grep -v -i warn
  echo "== prescale_rule.py 20, NVFP4_GEMV_PRESCALE=0"
  NVFP4_GEMV_PRESCALE=0 timeout 60 python3 docs/runs/run355/prescale_rule.py 20 2>&1 | grep -v -i warn; } > "$OUT/tests_and_rule.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
timeout 200 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "passed|failed|memcheck exit|ERROR SUMMARY" "$OUT/tests_and_rule.txt" | tail -n 4; sed -n '/== prescale/,$p' "$OUT/tests_and_rule.txt"
grep -E "geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "W4A16 bf16 N=1 \|" "$OUT/bench_write.txt" | head -30; tail -n 1 "$OUT/env.txt"

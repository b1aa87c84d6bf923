#!/usr/bin/env bash
# Run 333: the session's final code (HEAD: the kernels of 4f3901c, cc9a406's host refactor of the
# K-section plan, which no GPU run has seen yet): the kernel, feature and NVFP4Linear tests with the
# GPU, then the task bench (write flush). Predicted: every test passes (775 as in run 326), the
# task rows within ~0.4 us of run 326 (23.7 / 42.2 / 15.0 us).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 80 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
echo "== task rows (write flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_task_write.txt" | head -8
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -3 "$OUT/env.txt"

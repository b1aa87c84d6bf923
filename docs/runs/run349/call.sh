#!/usr/bin/env bash
# Run 349: the benches refreshed on the final code of the forty-fourth session (commit noted in
# README.txt; the kernels of c43fc44, item 221's W4A16 sweep included, which run 343's benches
# predate), the way run 343 ran them (the task rows write and read flush, bench --all), then the
# kernel, feature and NVFP4Linear tests. Predicted: all tests pass (777); the W4A4 task rows within
# ~0.5 us of run 343 (no W4A4 kernel changed), the W4A16 fp16 one-column rows up to 3 us faster
# and bf16 even to 0.5 faster (run 344's item 221 outcome), the rest within ~0.5 us.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
echo "== task rows (write flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_task_write.txt" | head -14
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
echo "== task rows (read flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_read.txt" | head -14
timeout 240 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench --all (write flush, exit $?, ${SECONDS}s)"
timeout 220 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -2 "$OUT/env.txt"
grep -E "N=1 \||N=8 \||N=16 \|" "$OUT/bench_write.txt" | head -40

#!/usr/bin/env bash
# Run 312: the benches on the tree of items 199-200 (commit 0ce61e7 plus the bench's new model
# layer, Llama-3-70B's 8192x28672 down projection): the task rows (write flush, then read flush)
# and bench --all (write flush). Predicted: task rows and the K <= 16384 layers as in run 307 (the
# same kernels and plans there); 8192x28672 W4A4 ~40.7 us (the row sweep, run 310), W4A16 bf16
# ~45 (run 311), tiled weights: not measured before.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
echo "== task rows (write flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_task_write.txt" | head -14
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
echo "== task rows (read flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_read.txt" | head -14
timeout 240 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench --all (write flush, exit $?)"; grep -E "N=1 \||N=8 \||N=16 \|" "$OUT/bench_write.txt" | head -50

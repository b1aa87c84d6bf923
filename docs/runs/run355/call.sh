#!/usr/bin/env bash
# Run 355 (BENCHMARKS.md item 226): the tree with GemvLaunch::prescale (bf16 x at one column through
# bf16_prescale_kernel and the fp16 row sweep from 96 MiB of weights): build; the GPU tests (kernel,
# features, NVFP4Linear); the W4A16 / bf16 kernel tests again with NVFP4_GEMV_PRESCALE=1 (every
# one-column bf16 row sweep through the pre-kernel); memcheck of the prescale cases; the rule's
# shapes off / forced / forced / off (docs/runs/run355/prescale_rule.py 20); then the benches as run
# 349 ran them (task rows write and read flush, --all).
# Usage (device, from the repo root): bash docs/runs/run355/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
echo "== tests: $(grep -E "passed|failed" "$OUT/pytest.log" | tail -n 1) (${SECONDS}s)"
NVFP4_GEMV_PRESCALE=1 timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py \
  -k "bf16 or w4a16 or sweep16 or prescale" 2>&1 | tail -n 30 > "$OUT/pytest_forced.log"
echo "== tests, prescale forced: $(grep -E "passed|failed" "$OUT/pytest_forced.log" | tail -n 1) (${SECONDS}s)"
NVFP4_GEMV_PRESCALE=1 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 \
  python3 docs/runs/run355/memcheck_prescale.py > "$OUT/memcheck.txt" 2>&1
echo "== memcheck exit $? (${SECONDS}s)"; tail -n 8 "$OUT/memcheck.txt"
side() {  # LABEL MODE
  echo "== $1"; NVFP4_GEMV_PRESCALE=$2 timeout 100 python3 docs/runs/run355/prescale_rule.py 20 2>&1 | grep -v -i warn
}
{ side off 0; side forced 1; side forced 1; side off 0; } > "$OUT/sides.txt" 2>&1
cat "$OUT/sides.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
echo "== task rows (write flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_task_write.txt" | head -14
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
echo "== task rows (read flush, exit $?)"
timeout 200 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench --all (write flush, exit $?, ${SECONDS}s)"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "N=1 \|" "$OUT/bench_write.txt" | head -30

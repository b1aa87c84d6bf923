#!/usr/bin/env bash
# Run 356 (BENCHMARKS.md item 226): commit 7677765 (GemvLaunch::prescale with its kept rule: 2 pieces on
# 2 or 3 warps a row and 96 MiB of weights): build; the GPU tests (kernel, features, NVFP4Linear);
# docs/runs/run355/prescale_rule.py 20 under the rule (which shapes take it); the benches as run 349
# ran them (task rows write and read flush, --all). At most 8 files under OUT (the device tool's cap).
# Usage (device, from the repo root): bash docs/runs/run356/call.sh  (OUT: where the output goes)
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
  echo "== prescale_rule.py 20, the rule"
  timeout 60 python3 docs/runs/run355/prescale_rule.py 20 2>&1 | grep -v -i warn; } > "$OUT/tests_and_rule.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
timeout 200 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "passed|failed" "$OUT/tests_and_rule.txt" | tail -n 2; sed -n '/== prescale/,$p' "$OUT/tests_and_rule.txt"
grep -E "^\| 7168,16384,1 \| W4A4 task|^\| 4096,7168,8 \| W4A4 task|^\| 7168,2048,4 \| W4A4 task|geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "N=1 \|" "$OUT/bench_write.txt" | head -30; tail -n 3 "$OUT/env.txt"

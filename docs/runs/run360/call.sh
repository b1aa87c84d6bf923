#!/usr/bin/env bash
# Run 360: (1) the shared launch_config (the programmatic-dependent launch configuration, spelled
# before in launch_split_sum and launch_sweep16, and sweep8_config's base) under the GPU tests
# (kernel, features, NVFP4Linear) and the task bench; (2) docs/runs/next_fmul.sh's measurement
# (BENCHMARKS.md item 228's next step, prepared in the forty-fifth session): the tree and a copy
# with docs/runs/next_fmul.patch built side by side, the copy's bf16 kernel tests, then
# docs/runs/next_fmul.py 20 in the orders tree / fmul / fmul / tree (NVFP4_GEMV_PRESCALE=0).
# At most 8 files under OUT (the device tool's cap).
# Usage (device, from the repo root): bash docs/runs/run360/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_fmul && mkdir -p /tmp/tree_fmul && cp -r src tests docs /tmp/tree_fmul/ &&
  (cd /tmp/tree_fmul && patch -p1 < docs/runs/next_fmul.patch > /tmp/apply_fmul.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_fmul python3 -m nvfp4_gemv build > /tmp/build_fmul.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_fmul.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_fmul.log >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 200 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20
 echo "(${SECONDS}s)") > "$OUT/tests_tree.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 70 python3 -m nvfp4_gemv bench --reps 30 \
  --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
export NVFP4_GEMV_PRESCALE=0
(cd /tmp/tree_fmul && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_fmul NVFP4_GEMV_PRESCALE= timeout 150 \
  python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k "bf16 or w4a16 or sweep16 or prescale" 2>&1 | tail -n 5) > "$OUT/tests_fmul.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_fmul/src; cache=/tmp/cache_fmul; }
  echo "== $1 (${SECONDS}s)"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/next_fmul.py 20 2>&1 | grep -v -i warn
}
{ side tree; side fmul; side fmul; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests_tree.txt"; tail -n 1 "$OUT/tests_fmul.txt"; grep -E "geomean|^\| 7168|^\| 4096" "$OUT/bench_task_write.txt" | cut -c1-80
cat "$OUT/sides.txt"; tail -n 1 "$OUT/env.txt"

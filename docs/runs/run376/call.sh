#!/usr/bin/env bash
# Run 376 (BENCHMARKS.md item 236): the staged row sweep (sweep_staged_kernel, taken with
# NVFP4_GEMV_STAGED=1 where a CTA's rows fit its share of the SM: L == 1, K % 256 == 0). One
# build; the sweep's GPU kernel tests with NVFP4_GEMV_STAGED=1 (the outputs against the
# reference; tests that pin sweep_kernel's name fail by design); docs/runs/run374/ab_pf.py 20
# with the variable off / on / on / off (floors and kernel names on the first pass of each).
# Usage (device, from the repo root): bash docs/runs/run376/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
(NVFP4_GEMV_STAGED=1 timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py \
   -k "row_sweep_shapes or task_shapes or bitwise or random_shapes or epilogue_strides" 2>&1 | grep -E "passed|failed|FAILED|Error|assert" | head -n 30
 echo "(staged tests ${SECONDS}s)") > "$OUT/tests_sides.txt"
side() {
  echo "== STAGED=$1 (${SECONDS}s)"
  NVFP4_GEMV_STAGED=$1 timeout 150 python3 docs/runs/run374/ab_pf.py 20 ${2:-} 2>&1 | grep -v -i warn
}
{ side 0 floors; side 1 floors; side 1; side 0; } >> "$OUT/tests_sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests_sides.txt" | cut -c1-220; tail -n 1 "$OUT/env.txt"

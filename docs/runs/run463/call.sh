#!/usr/bin/env bash
# Run 463 (BENCHMARKS.md item 278, prepared): the GPU tests of the quad butterfly:
# docs/runs/run462/quad.patch (src and tests) applied to this (disposable) copy of the tree, then
# the build, every GPU test of the kernel, features and NVFP4Linear, compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py and on docs/runs/run463/memcheck_quad.py (shapes whose quad loops run),
# and the patch reverted.
# Usage (device, from the repo root): bash docs/runs/run463/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache463
SECONDS=0
git apply docs/runs/run462/quad.patch || { echo "quad.patch does not apply"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build463.log 2>&1 || { tail -n 20 /tmp/build463.log; git apply -R docs/runs/run462/quad.patch; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 4 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
  | tail -n 4 > "$OUT/memcheck.txt"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run463/memcheck_quad.py 2>&1 \
  | tail -n 10 > "$OUT/memcheck_quad.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
git apply -R docs/runs/run462/quad.patch
cat "$OUT/tests.txt" "$OUT/memcheck.txt" "$OUT/memcheck_quad.txt" "$OUT/env.txt"

#!/usr/bin/env bash
# Run 459: the session's final tree (BENCHMARKS.md items 275-276: W4A4 at one FP4 column on the
# band sweep, dynamic W4A4 quantized in its prologue up to a k range of 8192 a CTA): the build,
# every GPU test of the kernel, features and NVFP4Linear, compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py.
# Usage (device, from the repo root): bash docs/runs/run459/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 4 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
  | tail -n 4 > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/memcheck.txt" "$OUT/env.txt"

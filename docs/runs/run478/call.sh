#!/usr/bin/env bash
# Run 478: the GPU tests of the landed tree again (run 474's pytest ran past its 240 s limit and
# left no summary): the build, then test_gpu_kernel.py, test_gpu_features.py and
# test_linear_and_peers.py with their 25 slowest, as device_run.sh's current mode runs them but with
# 480 s. Files back: env.txt, tests.txt.
# Usage (device, from the repo root): bash docs/runs/run478/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out} PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src"
export NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
SECONDS=0
timeout 480 python3 -m pytest -q -p no:cacheprovider --durations=25 tests/test_gpu_kernel.py \
  tests/test_gpu_features.py tests/test_linear_and_peers.py > /tmp/tests.log 2>&1
echo "pytest exit $? after ${SECONDS}s" >> "$OUT/env.txt"
{ grep -E "^(FAILED|ERROR)|passed|failed" /tmp/tests.log | tail -n 20
  grep -E "^[0-9.]+s (call|setup)" /tmp/tests.log; tail -n 3 /tmp/tests.log; } > "$OUT/tests.txt"
cat "$OUT/tests.txt" "$OUT/env.txt"

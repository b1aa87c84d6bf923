#!/usr/bin/env bash
# This session's last device call, about 4 minutes:
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# 1. the three CUDA-graph tests on their shared capture helper (tests/helpers.py), plus the GPU
#    features tests; 2. pattern_probe's +mma item patterns after the run_window refactor (their
#    SASS was reordered), against run 110's numbers.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
date -u | tee "$OUT/next_env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
python3 -m pytest -q tests/test_gpu_features.py tests/test_gpu_kernel.py -k "graph or features" 2>&1 | tail -n 3 > "$OUT/pytest.log"
python3 -m pytest -q tests/test_gpu_features.py 2>&1 | tail -n 2 >> "$OUT/pytest.log"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu && \
  timeout 120 /tmp/pp floor3x256 tile/4+sf+mma tiled/4+sf+mma pairs/4+sf+mma spans2/4+sf+mma > "$OUT/probe.txt" 2>&1
echo "== pytest"; cat "$OUT/pytest.log"
echo "== probe"; grep -v imma "$OUT/probe.txt" | awk '{print $1, $2, $3, $4}'

#!/usr/bin/env bash
# Run 285 (BENCHMARKS.md item 188): NVFP4Linear's "auto" now row-major for dynamic layers on sm_90
# too: build; the NVFP4Linear tests and the feature tests' Linear cases with the GPU.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
timeout 150 python3 -m pytest -q tests/test_linear_and_peers.py tests/test_gpu_features.py -k "linear or Linear or dynamic" 2>&1 | tail -n 5 | tee "$OUT/pytest.log"

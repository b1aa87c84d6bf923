#!/usr/bin/env bash
# Run 173 (one device call, from the repository root; writes under $OUT): run 172's failing test
# (test_gemv_dynamic_is_bitwise_quantize_then_gemv, all 20 cases) again with tracebacks, after
# cuda_kernel_names took every profiler event; the rest of the GPU feature tests.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build 2>&1 | tail -n 1
timeout 200 python3 -m pytest -q -x --tb=short tests/test_gpu_features.py 2>&1 | tail -n 60 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

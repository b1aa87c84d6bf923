#!/usr/bin/env bash
# Run 172 (one device call, from the repository root; writes under $OUT): the fused dynamic
# activation quantization (gemv_dynamic_out): the GPU feature tests (its bitwise and one-kernel
# checks among them) and the kernel tests, then docs/runs/run172/dynamic.py.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build 2>&1 | tail -n 1
timeout 240 python3 -m pytest -q tests/test_gpu_features.py tests/test_gpu_kernel.py 2>&1 | tail -n 15 > "$OUT/pytest.log"
timeout 200 python3 docs/runs/run172/dynamic.py > "$OUT/dynamic.md" 2>&1
cat "$OUT/pytest.log" "$OUT/dynamic.md"

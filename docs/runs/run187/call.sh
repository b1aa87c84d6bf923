#!/usr/bin/env bash
# Run 187 (one device call, from the repository root; writes under $OUT): the integer k spans in
# equal rows per CTA (the tree): the GPU kernel tests, then docs/runs/run186/spans.py once.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 > "$OUT/pytest.log"
NVFP4_GEMV_DOT=1 timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 | sed 's/^/integer k spans forced: /' >> "$OUT/pytest.log"
python3 docs/runs/run186/spans.py > "$OUT/spans.txt" 2>&1
cat "$OUT/pytest.log" "$OUT/spans.txt"

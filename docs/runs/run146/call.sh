#!/usr/bin/env bash
# Run 146 (one device call, from the repository root; writes under $OUT): every GPU test on the
# final tree of the thirteenth session (the integer item with its staging of run 143 and the
# comment-only edits after it), and the kernel tests again with the integer item forced and off.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -n 20 "$OUT/build.log"; exit 1; }
timeout 200 python3 -m pytest -q tests 2>&1 | tail -n 4 > "$OUT/pytest.log"
NVFP4_GEMV_IMMA=1 timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 | sed 's/^/imma forced: /' >> "$OUT/pytest.log"
NVFP4_GEMV_IMMA=0 timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 | sed 's/^/imma off: /' >> "$OUT/pytest.log"
cat "$OUT/pytest.log"

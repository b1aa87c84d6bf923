#!/usr/bin/env bash
# Run 177 (one device call, from the repository root; writes under $OUT): the final tree's memcheck
# (scripts/memcheck_cases.py, now with the activation quantized inside the GEMV: tiled with K
# ending mid-tile, tiled split 16 ways, the row-major integer k spans) and the fused quantization's
# bitwise tests (a tiled split case added).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build 2>&1 | tail -n 1
compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$OUT/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$OUT/memcheck.log") clean summaries)" > "$OUT/pytest.log"
timeout 150 python3 -m pytest -q tests/test_gpu_features.py -k "dynamic or quantize" 2>&1 | tail -n 3 >> "$OUT/pytest.log"
tail -n 8 "$OUT/memcheck.log"; cat "$OUT/pytest.log"

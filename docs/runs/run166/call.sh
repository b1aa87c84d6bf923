#!/usr/bin/env bash
# Run 166 (one device call, from the repository root; writes under $OUT): the whole test suite on
# the session's final commit (its sm_90a SASS is run 164's for all 13 functions; host code: the
# integer item's names, the 2-row guard of the integer k spans), then the kernel tests with the
# integer k spans forced. About 3 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
git log -1 --format='commit %H' 2>/dev/null > "$OUT/env.txt"
python3 -m nvfp4_gemv build 2>&1 | tail -n 2 | tee -a "$OUT/env.txt"
python3 -m pytest -q tests 2>&1 | tail -n 5 > "$OUT/pytest.log"
NVFP4_GEMV_DOT=1 timeout 120 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 | sed 's/^/integer k spans forced: /' >> "$OUT/pytest.log"
cat "$OUT/pytest.log"

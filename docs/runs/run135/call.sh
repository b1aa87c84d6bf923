#!/usr/bin/env bash
# Run 135 (one device call, from the repository root; writes under $OUT): every GPU test on the
# final tree of the twelfth session (kernels as in HEAD: no kernel change kept; new: the tiled
# many-bands-per-warp test).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -n 20 "$OUT/build.log"; exit 1; }
timeout 300 python3 -m pytest -q tests 2>&1 | tail -n 4 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

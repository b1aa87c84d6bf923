#!/usr/bin/env bash
# Run 315: the tile-sweep tests after their refactor into one helper (tests only; the kernels and
# plans of run 314). Predicted: 105 pass, as in run 313.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py -k "tile_sweep" 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15

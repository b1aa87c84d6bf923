#!/usr/bin/env bash
# Run 317: the review commit (sweep16_max_group_warps: one function for the W4A16 sweep's most warps
# a row; host code, byte-identical sm_90a SASS): the W4A16 sweep and tile-sweep kernel tests.
# Predicted: all pass (run 314: the same tests within its 727).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py -k "w4a16 or sweep16 or tile_sweep" 2>&1 | tail -n 20 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 5

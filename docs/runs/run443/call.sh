#!/usr/bin/env bash
# Run 443: run 442's 12 failing cases of test_tiled_tile_sweep_matches_reference (K = 800, 4160,
# 18976: K ending inside a tile), after the test compares with row-major weights only where those
# take the tile sweep too (their scale rows of these K are no 16-byte multiple, so they did not),
# with the test's output, then the whole test and the tiled tests.
# Usage (device, from the repo root): bash docs/runs/run443/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k "tiled" 2>&1 | tail -n 30 > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/env.txt"

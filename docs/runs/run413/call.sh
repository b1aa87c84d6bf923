#!/usr/bin/env bash
# Run 413: the W4A4 row sweep's test cases whose groups hold 4 rows and more (the split row loop's
# unchecked iterations, BENCHMARKS.md items 250 and 252): the kernels each launches
# (scripts/ab_shapes.py, 3 reps, names only worth reading) and test_row_sweep_shapes_match_reference
# on those cases and the rest of its list.
# Usage (device, from the repo root): bash docs/runs/run413/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
python3 scripts/ab_shapes.py 3 15000x2048,4300x8192x2,1200x20480 floors fp4 2>&1 | grep -v arn > "$OUT/kernels.txt"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k "row_sweep_shapes_match_reference" \
  2>&1 | tail -n 4 > "$OUT/tests.txt"
cat "$OUT/kernels.txt" "$OUT/tests.txt"

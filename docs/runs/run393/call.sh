#!/usr/bin/env bash
# Run 393: scripts/ab_shapes.py (the A/B timing harness, new) on the final tree, once with fp16 /
# bf16 x and once with FP4 x, on two shapes, to check that it runs and prints what its copies did.
# Usage (device, from the repo root): bash docs/runs/run393/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
{ echo "build ${SECONDS}s"
  python3 scripts/ab_shapes.py 10 7168x16384,7168x2048x4 floors 2>&1 | grep -v -i warn
  python3 scripts/ab_shapes.py 10 7168x16384,4096x7168x8 floors fp4 2>&1 | grep -v -i warn
  echo "all done ${SECONDS}s"; } > "$OUT/ab_shapes.txt"
cat "$OUT/ab_shapes.txt"

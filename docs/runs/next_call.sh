#!/usr/bin/env bash
# Prepared in the fifteenth session for the next one (not run: the device time was spent), about
# 3 minutes: bash docs/runs/next_call.sh (on the device, from the repository root; writes under
# $OUT; move it to docs/runs/runNNN/call.sh first). NVFP4Linear's layout question (BENCHMARKS.md
# Next steps): W4A4 and W4A16 bf16 at N = 1..16 on the small layers and 14336x4096, row-major
# against tiled weights (docs/runs/next_layouts.py, 80 timings with their floors).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build 2>&1 | tail -n 1
timeout 400 python3 docs/runs/next_layouts.py > "$OUT/layouts.md" 2>&1
cat "$OUT/layouts.md"

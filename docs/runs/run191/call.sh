#!/usr/bin/env bash
# Run 191 (one device call, from the repository root; writes under $OUT): the probe (run 189's
# kernel, standalone) on its first four shapes, then docs/runs/run191/compare.py (the library's sweep
# with two kinds of data and two flushes).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/rp scripts/regact_probe.cu && timeout 120 /tmp/rp 30 4 > "$OUT/probe.txt" 2>&1
timeout 300 python3 docs/runs/run191/compare.py > "$OUT/compare.txt" 2>&1
cat "$OUT/probe.txt" "$OUT/compare.txt"

#!/usr/bin/env bash
# Run 188 (one device call, from the repository root; writes under $OUT): the register-activation
# probe (scripts/regact_probe.cu: W4A4 row-major, activation in registers, no staging) on the task
# shapes and five layers, checked and timed against the floor; then the library's kernel on the same
# shapes (scripts/time_shapes.py, unchecked, its own floor) for the comparison.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/rp scripts/regact_probe.cu && timeout 240 /tmp/rp 30 > "$OUT/probe.txt" 2>&1
timeout 240 python3 scripts/time_shapes.py 20 > "$OUT/lib.txt" 2>&1
cat "$OUT/probe.txt" "$OUT/lib.txt"

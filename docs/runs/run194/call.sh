#!/usr/bin/env bash
# Run 194 (one device call, from the repository root; writes under $OUT): the library's sweep with
# the activation's loads first (as the probe's compiler had placed them), in the probe's harness
# (docs/runs/run193/lib_in_probe.cu) and through the op (scripts/time_shapes.py, unchecked).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/lp docs/runs/run193/lib_in_probe.cu &
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1
wait
timeout 120 /tmp/lp > "$OUT/lib.txt" 2>&1
timeout 200 python3 scripts/time_shapes.py 20 > "$OUT/times.txt" 2>&1
cat "$OUT/lib.txt" "$OUT/times.txt"

#!/usr/bin/env bash
# Run 271 (thirtieth session; one device call): where the one-piece two-column sweep stops paying
# for FP4 x (BENCHMARKS.md item 181: 132 MB 0.8-1.0 us slower than the row tiles in run 270):
# docs/runs/run270/w4a4_two_cols.py on 47-113 MB shapes, with the sweep and with
# NVFP4_GEMV_SWEEP16=0 (the row tiles), two orders, on run 270's tree. Unchecked timings.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
S="10240x8192 14336x8192 20480x8192 24576x8192"
for order in "- 0" "0 -"; do
  for v in $order; do
    if [ "$v" = 0 ]; then NVFP4_GEMV_SWEEP16=0 timeout 60 python3 docs/runs/run270/w4a4_two_cols.py $S; else timeout 60 python3 docs/runs/run270/w4a4_two_cols.py $S; fi
  done
done > "$OUT/w4a4_two_cols.txt" 2>&1
cat "$OUT/w4a4_two_cols.txt"

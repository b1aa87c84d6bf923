#!/usr/bin/env bash
# Run 362 (BENCHMARKS.md item 229): docs/runs/run362/magnitude.py 20 on the tree (the kernels of
# b0f8e9e, NVFP4_GEMV_PRESCALE=0), nvidia-smi sampling the SM clock and power every 100 ms through
# its sustained phases.
# Usage (device, from the repo root): bash docs/runs/run362/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.limit --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache NVFP4_GEMV_PRESCALE=0
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw --format=csv,noheader -lms 100 > "$OUT/smi.csv" 2>&1 &
SMI=$!
timeout 200 python3 docs/runs/run362/magnitude.py 20 > "$OUT/magnitude.txt" 2>&1
kill $SMI
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/magnitude.txt"; date +%s; tail -n 1 "$OUT/env.txt"

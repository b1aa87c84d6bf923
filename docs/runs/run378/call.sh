#!/usr/bin/env bash
# Run 378 (BENCHMARKS.md item 237): cold calls with x alone in L2 against fully cold calls, on the
# final tree (the kernels of a4b67fb).
# Usage (device, from the repo root): bash docs/runs/run378/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 docs/runs/run378/warm_x.py 30 2>&1 | grep -v -i warn > "$OUT/warm_x.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/warm_x.txt"; tail -n 1 "$OUT/env.txt"

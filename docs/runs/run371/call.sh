#!/usr/bin/env bash
# Run 371 (BENCHMARKS.md item 232's next step): docs/runs/run371/warm_code.py 20, twice, on the
# tree (commit of this call; the kernels of b9040b8). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run371/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
for i in 1 2; do echo "== pass $i (${SECONDS}s)"; timeout 90 python3 docs/runs/run371/warm_code.py 20 2>&1 | grep -v -i warn; done > "$OUT/warm_code.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/warm_code.txt"; tail -n 1 "$OUT/env.txt"

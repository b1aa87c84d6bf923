#!/usr/bin/env bash
# Run 386 (BENCHMARKS.md item 239): the two-chain W4A16 kernels (13..16 warps) under
# compute-sanitizer memcheck (docs/runs/run386/sanitize.py: 4 cases, fp16 and bf16 x).
# Usage (device, from the repo root): bash docs/runs/run386/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
{ timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run386/sanitize.py 2>&1 | tail -n 8
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } > "$OUT/sanitize.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sanitize.txt"; tail -n 1 "$OUT/env.txt"

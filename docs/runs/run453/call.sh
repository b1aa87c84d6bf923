#!/usr/bin/env bash
# Run 453: compute-sanitizer memcheck on all of scripts/memcheck_cases.py on the tree of commit
# 95e4f0b (item 273's launch rule and its cases added to the file; the last full pass was run 428
# on 77c5500's kernels, before the band sweep and the tiled tile sweep).
# Usage (device, from the repo root): bash docs/runs/run453/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 360 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$OUT/memcheck.log" 2>&1
echo "memcheck exit $? (${SECONDS}s)" >> "$OUT/env.txt"
grep -c "^ok" "$OUT/memcheck.log" >> "$OUT/env.txt"
tail -n 4 "$OUT/memcheck.log"; cat "$OUT/env.txt"

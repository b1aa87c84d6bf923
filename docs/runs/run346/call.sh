#!/usr/bin/env bash
# Run 346 (BENCHMARKS.md item 221): compute-sanitizer memcheck of the W4A16 sweep with x in shared
# memory (commit c43fc44's kernels), docs/runs/run346/memcheck16.py. Predicted: clean, exit 0.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run346/memcheck16.py > "$OUT/memcheck.txt" 2>&1
echo "memcheck exit $? ${SECONDS}s" | tee -a "$OUT/memcheck.txt"
tail -n 12 "$OUT/memcheck.txt"

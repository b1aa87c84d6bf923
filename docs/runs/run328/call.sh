#!/usr/bin/env bash
# Run 328 (BENCHMARKS.md item 208): the W4A4 sweep at L > 1 on one piece a thread where the
# batches' weights are at most 32 MiB (onel.patch, carried as .variants/onel) against the tree's
# 2-or-4 rule (7168x2048x4 on 2 pieces x 1 warp), each in its own build; onel_ab.py in the orders
# tree / onel / onel / tree. Why: item 207 found 7168x2048x4 bound by its rounds' latency (the
# compute side alone, rows from L2, takes the whole time), the case the one-piece rule serves at
# L = 1 (4 rows in flight on twice the warps). Predicted: 7168x2048x4 0.2-0.5 us faster.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/src_onel && cp -r src /tmp/src_onel && cp .variants/onel/gemv_kernels.cu /tmp/src_onel/nvfp4_gemv/csrc/
(PYTHONPATH=/tmp/src_onel NVFP4_GEMV_CACHE_DIR=/tmp/cache_onel python3 -m nvfp4_gemv build > "$LOGS/build_onel.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" > "$OUT/env.txt"
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 40 python3 docs/runs/run328/onel_ab.py tree "$@"; }
onel() { PYTHONPATH=/tmp/src_onel NVFP4_GEMV_CACHE_DIR=/tmp/cache_onel timeout 40 python3 docs/runs/run328/onel_ab.py onel "$@"; }
{ tree --floor; onel; onel; tree; } 2>&1 | grep -v -i warn > "$OUT/onel_ab.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/onel_ab.txt" "$OUT/env.txt"

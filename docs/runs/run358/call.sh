#!/usr/bin/env bash
# Run 358 (BENCHMARKS.md item 228): .variants/nobatch/gemv_kernels.cu (carried; the tree's kernel file
# with the bf16 sweep's L > 1 code compiled out, L = 1 only) against the tree, both built, then
# docs/runs/run358/bf16_loops.py 20 with NVFP4_GEMV_PRESCALE=0 in the orders tree / nobatch / nobatch / tree.
# Usage (device, from the repo root): bash docs/runs/run358/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 NVFP4_GEMV_PRESCALE=0
SECONDS=0
rm -rf /tmp/tree_nb && mkdir -p /tmp/tree_nb && cp -r src /tmp/tree_nb/ &&
  cp .variants/nobatch/gemv_kernels.cu /tmp/tree_nb/src/nvfp4_gemv/csrc/gemv_kernels.cu
(cd /tmp/tree_nb && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_nb python3 -m nvfp4_gemv build > /tmp/build_nb.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_nb/src; cache=/tmp/cache_nb; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 100 python3 docs/runs/run358/bf16_loops.py 20 2>&1 | grep -v -i warn
}
{ side tree; side nobatch; side nobatch; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 383 (BENCHMARKS.md item 239): two mma accumulator chains in the one-column 2-piece W4A16
# sweep on 13..16 warps (sweep16_mma_chains; the 8 kernels run 382 measured, byte-identical SASS).
# Builds the tree and a copy with docs/runs/run383/chains_wide.patch reversed (the base: HEAD's
# kernels before it) side by side; the tree's GPU tests (kernel, features, NVFP4Linear);
# docs/runs/run383/ab_wide.py 20 in the orders base / new / new / base (floors and kernel names on
# the first pass of each).
# Usage (device, from the repo root): bash docs/runs/run383/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run383/chains_wide.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 240 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 8
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run383/ab_wide.py 20 ${2:-} 2>&1 | grep -v -i warn
}
{ side base floors; side new floors; side new; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt"; grep -E "^== new" -A 7 "$OUT/sides.txt" | head -8 | cut -c1-200; tail -n 1 "$OUT/env.txt"

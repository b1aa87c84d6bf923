#!/usr/bin/env bash
# Run 384 (BENCHMARKS.md item 239): two mma accumulator chains in the one-piece W4A16 sweep on
# 17..24 warps too (docs/runs/run384/chains_one_piece.patch: sweep16_mma_chains for every group past
# 8 warps; no spills). Builds the tree (base) and a copy with the patch side by side; the copy's GPU
# tests (kernel, features, NVFP4Linear); docs/runs/run383/ab_wide.py 20 on K = 17408 .. 24576 (one
# piece on 17..24 warps) and the 7168x16384 control, in the orders base / new / new / base (floors
# and kernel names on the first pass of each).
# Usage (device, from the repo root): bash docs/runs/run384/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_new && mkdir -p /tmp/tree_new && cp -r src tests docs /tmp/tree_new/ &&
  (cd /tmp/tree_new && patch -p1 < docs/runs/run384/chains_one_piece.patch > /tmp/apply_new.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_new python3 -m nvfp4_gemv build > /tmp/build_new.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_new.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_new.log >> "$OUT/env.txt"
(cd /tmp/tree_new && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_new timeout 240 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 8
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = new ] && { src=/tmp/tree_new/src; cache=/tmp/cache_new; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run383/ab_wide.py 20 ${2:-} 14336x17408,3584x18944,4096x20480,8192x22528,2048x24576,7168x16384 2>&1 | grep -v -i warn
}
{ side base floors; side new floors; side new; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt"; grep -E "^== new" -A 6 "$OUT/sides.txt" | head -8 | cut -c1-200; tail -n 1 "$OUT/env.txt"

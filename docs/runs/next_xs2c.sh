#!/usr/bin/env bash
# Ran as run 347 (BENCHMARKS.md item 222; not kept).
# Prepared (the forty-third session's device time ran out): the two-column 2-piece W4A16
# sweep (kCols = 2, K > 8192; fp16 / bf16 x, and FP4 x, W4A4 at two columns, on the same kernel)
# with both columns' converted x in dynamic shared memory (64 KB a CTA of 8 warps, opted in once
# per device) and 2 row pairs in flight instead of 1 (item 221's form for one column). The tree's
# loop issues each pair's loads only ~180 SASS before their use (one pair in flight at 124-135
# registers); the variant's 2 pairs lead by 513-558 at 106-131 registers, no spills
# (scripts/sass_loop.py --loads on sm_90a). docs/runs/next_xs2c_make.py writes the variant into a
# copy of the tree; first the two-column kernel tests on it (-k "two_columns"), then
# docs/runs/next_two_cols.py 20 in the orders tree / xs2c / xs2c / tree. Predicted: 7168x16384 N = 2
# 1-2.5 us faster (tree 26.1 W4A4, 28.0 bf16 in run 326), the other K > 8192 shapes alike.
# Usage (device, from the repo root): bash docs/runs/next_xs2c.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_xs2c && mkdir -p /tmp/tree_xs2c && cp -r src docs /tmp/tree_xs2c/
(cd /tmp/tree_xs2c && python3 docs/runs/next_xs2c_make.py > "$LOGS/make_xs2c.log" 2>&1 &&
 cp .variants/xs2c/gemv_kernels.cu src/nvfp4_gemv/csrc/gemv_kernels.cu &&
 PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_xs2c python3 -m nvfp4_gemv build > "$LOGS/build_xs2c.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
tail -2 "$LOGS/build_xs2c.log" > "$OUT/build_xs2c.txt"
PYTHONPATH=/tmp/tree_xs2c/src NVFP4_GEMV_CACHE_DIR=/tmp/cache_xs2c timeout 150 python3 -m pytest -q -x -p no:cacheprovider \
  tests/test_gpu_kernel.py -k "two_columns" > "$OUT/tests_xs2c.txt" 2>&1
echo "tests xs2c exit $? ${SECONDS}s" | tee -a "$OUT/tests_xs2c.txt"
side() {  # LABEL: next_two_cols.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_xs2c/src; cache=/tmp/cache_xs2c; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/next_two_cols.py 20 2>&1 | grep -v -i warn
}
{ side tree; side xs2c; side xs2c; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests_xs2c.txt"; cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 519 (BENCHMARKS.md item 319): the tile sweep's single CTAs read each tile's row factors (a
# weight scale per row, a bias) into a ring in shared memory with the next tile's bytes, not from
# global memory at the stores. "new": the tree that adds this folder; "old": before.patch takes it
# back. The tile-sweep and per-row-scale GPU tests on new (test_tile_sweep_row_factors_over_rounds:
# 10 cases over 5 rounds, bitwise). Then scripts/ab_shapes.py 20 on run 518's shapes at N = 8,
# plain and with the epilogue ("epilogue": per-row scales and a bias), FP4 x old / new / new / old,
# fp16 and bf16 x old / new. Predicted: the single CTAs (14336x4096, 18944x3584, 4608x3584,
# 4096x4096, 8000x6144) with the epilogue within 0.3 us of plain on new (old: 0.6-2.3 us over, run
# 518); plain even old / new; the clusters (7168x16384, 3584x18944) even.
# Usage (device, from the repo root): bash docs/runs/run519/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run519 REPO=$PWD
rm -rf /tmp/tree_old && mkdir -p /tmp/tree_old && cp -r src scripts pyproject.toml /tmp/tree_old/ &&
  (cd /tmp/tree_old && git apply $REPO/$R/before.patch > /tmp/apply_old.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_old python3 -m nvfp4_gemv build > /tmp/build_old.log 2>&1) &
source scripts/device_call_setup.sh
wait
{ cat /tmp/apply_old.log; tail -n 1 /tmp/build_old.log; echo "builds ${SECONDS}s"; } >> "$OUT/env.txt"
(timeout 200 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or per_row" \
   tests/test_gpu_kernel.py 2>&1 | tail -n 8; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=14336x4096,18944x3584,4608x3584,4096x4096,8000x6144,7168x16384,3584x18944
side() {  # NAME ARGS...
  local src=/tmp/tree_old/src cache=/tmp/cache_old
  [ "$1" = new ] && src=$PWD/src cache=$NVFP4_GEMV_CACHE_DIR
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in old new new old; do side $v cols=8 fp4 floors epilogue; done
  for v in old new new old; do side $v cols=8 fp4; done
  for v in old new; do side $v cols=8 epilogue; done
  for v in old new; do side $v cols=8; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

#!/usr/bin/env bash
# Run 509 (BENCHMARKS.md item 311; prepared in the seventy-seventh session, not yet run): the register-staged tile sweep as taken
# (fp16 and FP4 x, row-major, 2 chunks, one column block; sweep8_register_staged) on this tree
# ("cand"): the tile-sweep GPU tests; then side by side, scripts/ab_shapes.py 20 on six shapes,
# against "old" (cand.patch reversed: the copies everywhere) and "two" (cand with sweep8_choice
# taking 2 chunks wherever 4 were its choice, so those shapes come through registers too): FP4 x at
# N = 8 cand / two / old / cand, fp16 x at N = 8 cand / two / old. At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run509/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run509
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
variant() {  # NAME EDIT: a copy of the tree in /tmp/tree_NAME with EDIT run in it, built
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src tests scripts docs pyproject.toml /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && eval "$2" > /tmp/apply_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build > /tmp/build_$1.log 2>&1)
}
LR=src/nvfp4_gemv/csrc/launch_rule.cuh
variant old "git apply -R $PWD/$R/cand.patch && ! grep -q kRegStaged src/nvfp4_gemv/csrc/tile_sweep.cuh" &
variant two "sed -i 's/return 10 \* sweep8_work(four) <= 9 \* sweep8_work(two) ? four : two;/return two;  \/\/ DIAG two/' $LR && grep -c DIAG $LR" &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_cand python3 -m nvfp4_gemv build > /tmp/build_cand.log 2>&1 || { tail -20 /tmp/build_cand.log; exit 1; }
wait
{ echo "builds ${SECONDS}s"; for v in old two; do echo "-- $v"; cat /tmp/apply_$v.log; tail -n 1 /tmp/build_$v.log; done; } >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_cand timeout 150 python3 -m pytest -q -p no:cacheprovider \
   -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 4; echo "cand tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672
side() {  # NAME ARGS...
  local src=/tmp/tree_$1/src
  [ "$1" = cand ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in cand two old; do side $v cols=8 fp4 floors; done
  for v in cand two old; do side $v cols=8; done
  side cand cols=8 fp4; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), false>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

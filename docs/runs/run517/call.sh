#!/usr/bin/env bash
# Run 517 (BENCHMARKS.md item 318): single CTAs of 4 chunks (the copies) over several rounds only
# where the work model gives them 20% less work than 2 chunks through registers (was 10%: run 516
# had 18432x7168 at 12.5% less 4.1 us slower on 4 chunks). "new": the tree that adds this folder;
# "old": before.patch takes it back. The tile-sweep GPU tests on new; scripts/ab_shapes.py 20 on
# the shapes that change (K = 5120-7168) and 14336x5120 (unchanged, a control): FP4 x with kernels
# and floors old / new / new / old, fp16 (bf16: control) x old / new, the tiled format's FP4 x.
# Usage (device, from the repo root): bash docs/runs/run517/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run517 REPO=$PWD
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_old && mkdir -p /tmp/tree_old && cp -r src scripts pyproject.toml /tmp/tree_old/ &&
  (cd /tmp/tree_old && git apply $REPO/$R/before.patch > /tmp/apply_old.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_old python3 -m nvfp4_gemv build > /tmp/build_old.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_new python3 -m nvfp4_gemv build > /tmp/build_new.log 2>&1 ||
  { tail -20 /tmp/build_new.log; exit 1; }
wait
{ echo "builds ${SECONDS}s"; cat /tmp/apply_old.log; tail -n 1 /tmp/build_old.log; } >> "$OUT/env.txt"
(PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_new timeout 120 python3 -m pytest -q -p no:cacheprovider \
   -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 3; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=18432x7168,8192x7168,4096x7168,14336x6912,7168x6144,5120x6144,3072x5120,14336x5120
side() {  # NAME ARGS...
  local src=/tmp/tree_old/src
  [ "$1" = new ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in old new new old; do side $v cols=8 fp4 floors; done
  for v in old new; do side $v cols=8; done
  for v in old new; do side $v cols=8 fp4 tiled; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

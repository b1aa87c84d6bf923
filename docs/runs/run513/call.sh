#!/usr/bin/env bash
# Run 513 (BENCHMARKS.md items 315-316, prepared in the seventy-eighth session): the tile sweep's
# register staging widened, two forms against this tree ("main"):
# - "wide" (wide.patch, branch wide): the scales' store first in store_tile (so no store waits on
#   the next tile's loads, item 313) and sweep8_register_staged for every row-major kernel of 1-2
#   chunks (bf16 x, 9..16 columns);
# - "tiled" (tiled.patch, branch wide-tiled): the loads moved after the tile's barrier instead (no
#   store can wait on them, whatever ptxas's order), every kernel of 1-2 chunks row-major or tiled
#   (but the tiled bf16 one of 2 chunks at 9..16 columns).
# The tile-sweep GPU tests on both; scripts/ab_shapes.py 20 on six shapes: fp16 / bf16 x at N = 8
# and FP4 x at N = 8 with kernels and floors (main / wide / tiled / main), FP4 x and fp16 / bf16 x
# at N = 16, the tiled format at N = 8 (main / tiled). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run513/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run513 REPO=$PWD
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
variant() {  # NAME PATCH: a copy of the tree in /tmp/tree_NAME with PATCH applied, built
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src tests scripts docs pyproject.toml /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && git apply $REPO/$R/$2 > /tmp/apply_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build > /tmp/build_$1.log 2>&1)
}
variant wide wide.patch &
variant tiled tiled.patch &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_main python3 -m nvfp4_gemv build > /tmp/build_main.log 2>&1 || { tail -20 /tmp/build_main.log; exit 1; }
wait
{ echo "builds ${SECONDS}s"; for v in wide tiled; do echo "-- $v"; cat /tmp/apply_$v.log; tail -n 1 /tmp/build_$v.log; done; } >> "$OUT/env.txt"
for v in wide tiled; do
  (cd /tmp/tree_$v && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v timeout 120 python3 -m pytest -q -p no:cacheprovider \
     -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 3; echo "$v tests (${SECONDS}s)") >> "$OUT/tests.txt"
done
SHAPES=4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672
side() {  # NAME ARGS...
  local src=/tmp/tree_$1/src
  [ "$1" = main ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in main wide tiled main; do side $v cols=8; done
  for v in main wide tiled; do side $v cols=8 fp4 floors; done
  for v in main wide tiled; do side $v cols=16 fp4 floors; done
  for v in main wide tiled; do side $v cols=16; done
  side main cols=8 fp4 tiled; side tiled cols=8 fp4 tiled; side main cols=8 tiled; side tiled cols=8 tiled; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), false>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

#!/usr/bin/env bash
# Run 513 (BENCHMARKS.md item 315, prepared in the seventy-eighth session): the tile sweep's
# register staging for bf16 x and for 9..16 columns too ("wide": wide.patch on this tree: the
# scales' store first in store_tile, so no store waits on the next tile's loads, item 313; and
# sweep8_register_staged for every row-major kernel of 1-2 chunks) against this tree ("main"):
# the tile-sweep GPU tests on wide; scripts/ab_shapes.py 20 on six shapes, fp16 / bf16 x at N = 8
# (two orders), FP4 x and fp16 / bf16 x at N = 16, FP4 x at N = 8 with kernels and floors; then
# `bench --columns` on wide (issue 5's N = 8 / N = 1). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run513/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run513 REPO=$PWD
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_wide && mkdir -p /tmp/tree_wide && cp -r src tests scripts docs pyproject.toml /tmp/tree_wide/ &&
  (cd /tmp/tree_wide && git apply $REPO/$R/wide.patch 2>&1 | head -3 && grep -c "return pieces <= 2 && !tiled" src/nvfp4_gemv/csrc/tile_sweep.cuh &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_wide python3 -m nvfp4_gemv build 2>&1 | tail -n 1) >> "$OUT/env.txt" 2>&1 &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_main python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
(cd /tmp/tree_wide && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_wide timeout 150 python3 -m pytest -q -p no:cacheprovider \
   -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 4; echo "wide tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672
side() {  # NAME ARGS...
  local src=/tmp/tree_$1/src
  [ "$1" = main ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ side main cols=8; side wide cols=8; side wide cols=8; side main cols=8
  side main cols=16 fp4 floors; side wide cols=16 fp4 floors; side main cols=16; side wide cols=16
  side main cols=8 fp4 floors; side wide cols=8 fp4 floors; } > "$OUT/sides.txt" 2>&1
(cd /tmp/tree_wide && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_wide timeout 150 python3 -m nvfp4_gemv bench --columns \
   --no-baselines --reps 30 --json "$OUT/bench_columns.json" > "$OUT/bench_columns.txt" 2>&1; echo "columns rc $? (${SECONDS}s)") >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), false>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100
grep "^time at N" "$OUT/bench_columns.txt"

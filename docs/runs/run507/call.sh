#!/usr/bin/env bash
# Run 507 (BENCHMARKS.md items 310-311, seventy-seventh session). First run 506's probe (item 310:
# the registers' loads with shared memory reserved, the copies on 2 .. the most stages). Then item
# 311: the tile sweep's 1- and 2-chunk kernels register-staged (regstaged.patch: tile i + 1 loaded
# into registers while tile i is computed, stored to the other of two stages), built beside main's
# tree; the tile-sweep GPU tests on it (and the new padded-scale test on main's), then
# scripts/ab_shapes.py 20 on six shapes: FP4 x at N = 8 base / rs, fp16 and bf16 x
# at N = 8 base / rs, FP4 x at N = 8 again rs / base, FP4 x at N = 16 base / rs (the most
# wanted first: a call cut short by the device budget keeps what ran). Timings unchecked (the tests check). At most 8
# files under OUT.
# Usage (device, from the repo root): bash docs/runs/run507/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run507
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tcp scripts/tile_copy_probe.cu >> "$OUT/env.txt" 2>&1 &&
  timeout 60 /tmp/tcp 20 > "$OUT/probe.txt" 2>&1
echo "probe rc $? (${SECONDS}s)" >> "$OUT/env.txt"
variant() {  # NAME EDIT: a copy of the tree in /tmp/tree_NAME with EDIT run in it, built
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src tests scripts docs pyproject.toml /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && eval "$2" > /tmp/apply_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build > /tmp/build_$1.log 2>&1)
}
variant rs "git apply $PWD/$R/regstaged.patch && grep -c kRegStaged src/nvfp4_gemv/csrc/tile_sweep.cuh" &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1 || { tail -20 /tmp/build_base.log; exit 1; }
wait
{ echo "builds ${SECONDS}s"; cat /tmp/apply_rs.log; tail -n 1 /tmp/build_rs.log; } >> "$OUT/env.txt"
(cd /tmp/tree_rs && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_rs timeout 200 python3 -m pytest -q -p no:cacheprovider \
   -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 15; echo "rs tests (${SECONDS}s)") > "$OUT/tests.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_base timeout 60 python3 -m pytest -q -p no:cacheprovider \
   -k "padded_scale_rows_end" tests/test_gpu_kernel.py 2>&1 | tail -n 3; echo "base padded test (${SECONDS}s)") >> "$OUT/tests.txt"
SHAPES=4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672
side() {  # NAME ARGS...
  local src=/tmp/tree_$1/src
  [ "$1" = base ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in base rs; do side $v cols=8 fp4 floors; done
  for v in base rs; do side $v cols=8; done
  for v in rs base; do side $v cols=8 fp4; done
  for v in base rs; do side $v cols=16 fp4; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), false>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

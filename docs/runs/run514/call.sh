#!/usr/bin/env bash
# Run 514 (BENCHMARKS.md item 317): main after merging wide-tiled with bf16 x at 9..16 columns back
# on the copies ("new", the tree that adds this folder) against a7e7e45 ("old": before.patch takes
# src/ back to it). Both built side by side; the tile-sweep GPU tests on new; scripts/ab_shapes.py
# 20 on six shapes, old / new / old: fp16 / bf16 x at N = 8 and 16, FP4 x at N = 8 and 16 with
# kernels and floors, the tiled format at N = 8 (FP4, fp16 / bf16) and N = 16 (fp16 / bf16); then
# `nvfp4-gemv bench --columns` on new (issue 5's N = 8 / N = 1). The rest of the GPU suites: the
# next call on the same machine (README.txt). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run514/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run514 REPO=$PWD
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_old && mkdir -p /tmp/tree_old && cp -r src scripts pyproject.toml /tmp/tree_old/ &&
  (cd /tmp/tree_old && git apply $REPO/$R/before.patch > /tmp/apply_old.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_old python3 -m nvfp4_gemv build > /tmp/build_old.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build_new.log 2>&1 ||
  { tail -20 /tmp/build_new.log; exit 1; }
wait
{ echo "builds ${SECONDS}s"; cat /tmp/apply_old.log; tail -n 1 /tmp/build_old.log; tail -n 1 /tmp/build_new.log; } >> "$OUT/env.txt"
(PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 150 python3 -m pytest -q -p no:cacheprovider \
   -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672
side() {  # NAME ARGS...
  local src=/tmp/tree_old/src cache=/tmp/cache_old
  [ "$1" = new ] && src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for a in "cols=8" "cols=16" "cols=8 fp4 floors" "cols=16 fp4 floors" "cols=8 fp4 tiled" "cols=8 tiled" "cols=16 tiled"; do
    for v in old new old; do side $v $a; done
  done; } > "$OUT/sides.txt" 2>&1
PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 200 python3 -m nvfp4_gemv bench --columns --no-baselines \
  --reps 30 --json "$OUT/bench_columns.json" > "$OUT/bench_columns.txt" 2>&1
echo "columns rc $? (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100
grep -E "N=(1|8) " "$OUT/bench_columns.txt" | cut -d'|' -f2-4,7 | head -60

#!/usr/bin/env bash
# Run 373 (BENCHMARKS.md item 233): column_exponent capped at 127 for every bf16 path (commit
# 3a4187d), so the row tiles' staged bf16 activations convert with bf16_group_pair_k (one
# HMUL2.BF16 a pair) rather than pow2_factors' two FMUL a value. Builds the tree and a copy with
# docs/runs/run373/cap.patch reversed (the base: commit a4b67fb) side by side; the tree's GPU
# tests (kernel, features, NVFP4Linear); docs/runs/run373/ab_tiles.py 20 in the orders base / new
# / new / base (the row-tile shapes, fp16 and bf16 x).
# At most 8 files under OUT (the device tool's cap).
# Usage (device, from the repo root): bash docs/runs/run373/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run373/cap.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 240 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20
 echo "(${SECONDS}s)") > "$OUT/tests_sides.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 100 python3 docs/runs/run373/ab_tiles.py 20 2>&1 | grep -v -i warn
}
{ side base; side new; side new; side base; } >> "$OUT/tests_sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "passed|failed" "$OUT/tests_sides.txt" | tail -n 2; sed -n '/^== /,$p' "$OUT/tests_sides.txt" | sed 's/ | \[[^]]*\]//'
grep -E "^== new" -A 9 "$OUT/tests_sides.txt" | head -10 | cut -c1-200; tail -n 1 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 498 (BENCHMARKS.md item 304): the tile sweep of 4 chunks a thread on 3 stages where they fit
# (docs/runs/run498/stages.patch). Builds the tree and a copy with the patch reversed (the base:
# the kernels of main before item 304) side by side; test_tile_sweep_matches_reference and item 303's
# export tests on the tree; docs/runs/run498/ab.py 20 in the orders base / new / new / base; then
# compute-sanitizer racecheck on docs/runs/run498/sanitize.py (the single buffer of
# warp sums and its barrier). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run498/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests scripts docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run498/stages.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(timeout 150 python3 -m pytest -q -p no:cacheprovider -k "test_tile_sweep_matches_reference or export" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 15
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 75 python3 docs/runs/run498/ab.py 20 2>&1 | grep -v -i warn
}
{ side base; side new; side new; side base; } > "$OUT/sides.txt" 2>&1
{ for tool in racecheck; do
    echo "== $tool (${SECONDS}s)"
    timeout 70 compute-sanitizer --tool $tool --error-exitcode 9 python3 docs/runs/run498/sanitize.py 2>&1 | tail -n 8
    echo "$tool exit ${PIPESTATUS[0]} (${SECONDS}s)"
  done; } > "$OUT/sanitize.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"; cat "$OUT/tests.txt"; cat "$OUT/sides.txt"; cat "$OUT/sanitize.txt"

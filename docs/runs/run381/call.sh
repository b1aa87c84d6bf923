#!/usr/bin/env bash
# Run 381 (BENCHMARKS.md item 238): does one front over the L * M rows carry from the probe (runs
# 379-380) into the W4A4 sweep at L > 1? Builds the tree (base) and a copy with
# docs/runs/run381/front_diag.patch (sweep_kernel takes its rows interleaved at every L, batch 0's
# activation for all: a timing diagnostic, its L > 1 outputs wrong) side by side, then
# docs/runs/run374/ab_pf.py 20 in the orders base / diag / diag / base (floors and kernel names on
# the first pass of each).
# Usage (device, from the repo root): bash docs/runs/run381/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_diag && mkdir -p /tmp/tree_diag && cp -r src tests docs /tmp/tree_diag/ &&
  (cd /tmp/tree_diag && patch -p1 < docs/runs/run381/front_diag.patch > /tmp/apply_diag.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_diag python3 -m nvfp4_gemv build > /tmp/build_diag.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_diag.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_diag.log >> "$OUT/env.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = diag ] && { src=/tmp/tree_diag/src; cache=/tmp/cache_diag; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run374/ab_pf.py 20 ${2:-} 2>&1 | grep -v -i warn
}
{ side base floors; side diag floors; side diag; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt"; grep -E "^== diag" -A 10 "$OUT/sides.txt" | head -11 | cut -c1-200; tail -n 1 "$OUT/env.txt"

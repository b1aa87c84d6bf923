#!/usr/bin/env bash
# Ran as run 341 (BENCHMARKS.md item 219; not kept).
# Prepared (the forty-second session ran out of device time; BENCHMARKS.md item 218's
# next step): item 218's reading (one piece only where it holds more warps an SM) applied wherever
# a row fits 8 warps of one on a long stream. docs/runs/next_w16six.patch also takes one piece at
# K = 6144 (6 warps, 3 CTAs, 18 an SM, against 2 pieces on 3 warps in CTAs of 6, 12), the only
# K <= 8192 it changes. docs/runs/next_six_k.py 20 on the tree and on a patched copy, orders
# tree / w16six / w16six / tree (unchecked: the one-piece 6-warp kernel is the tested one the
# short streams at K = 6144 take). Predicted: 8192x6144, 16384x6144, 32768x6144 0.5-3 us faster;
# 2048x6144 (short) and 18432x7168 (2 x 4 in both) unchanged. If so: the rule in the tree, and a
# plan-rules case (16384x6144 on 1 x 6).
# Usage (device, from the repo root): bash docs/runs/next_w16six.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_w16six && mkdir -p /tmp/tree_w16six && cp -r src docs /tmp/tree_w16six/
(cd /tmp/tree_w16six && patch -p1 < docs/runs/next_w16six.patch > "$LOGS/apply.log" 2>&1 &&
 PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_w16six python3 -m nvfp4_gemv build > "$LOGS/build_w16six.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL: next_six_k.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_w16six/src; cache=/tmp/cache_w16six; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/next_six_k.py 20 2>&1 | grep -v -i warn
}
{ side tree; side w16six; side w16six; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

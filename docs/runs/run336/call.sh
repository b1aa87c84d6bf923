#!/usr/bin/env bash
# Prepared, not run (BENCHMARKS.md item 214's next step): how much of the W4A16 sweep's late first
# row pair (1-2 us after the W4A4 sweep's first row) is its 16-bit x (every CTA reads all of it at
# once: 2 bytes a value, 32 KB at K = 16384): the tree against docs/runs/next_nox16.patch (x made up in registers, nothing
# loaded; unchecked), each in its own build, scripts/time_shapes.py 20 fp16 bf16 in the orders
# tree / nox16 / nox16 / tree. Predicted: nox16 0.5-1.5 us faster on the layers at one column,
# more on bf16 (its maximum and REDUX wait for x too). If so, the lever is x's arrival: fewer
# L2 requests for it (wider loads), or the weights' first window before it (as now) made longer.
# Usage (device, from the repo root): bash docs/runs/next_nox16.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_nox16 && mkdir -p /tmp/tree_nox16 && cp -r src docs /tmp/tree_nox16/
(cd /tmp/tree_nox16 && patch -p1 < docs/runs/next_nox16.patch > "$LOGS/apply.log" 2>&1 &&
 PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_nox16 python3 -m nvfp4_gemv build > "$LOGS/build_nox16.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL: time_shapes.py (W4A16, fp16 and bf16 x) on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_nox16/src; cache=/tmp/cache_nox16; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 scripts/time_shapes.py 20 fp16 bf16 2>&1 | grep -v -i warn
}
{ side tree; side nox16; side nox16; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

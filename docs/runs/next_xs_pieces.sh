#!/usr/bin/env bash
# Ran as run 348 (BENCHMARKS.md item 223; not kept).
# Prepared (the forty-third session's device time ran out; BENCHMARKS.md item 221's next
# step): with x in shared memory the 2-piece W4A16 sweep got faster for fp16 (item 221), so the
# one-piece rules measured against its x-in-registers form (item 218's long odd-K streams, item
# 159's short streams) may have moved. docs/runs/next_two_long.patch: 2 pieces on every long
# stream; next_two_all.patch: 2 pieces wherever K > 1024 at one column, L = 1; next_xs_one.patch:
# the one-piece kernels' x in shared memory too (sm_90a SASS: loads' mean lead +5-35 instructions,
# loops +5-15; the bf16 3-, 5- and 6-warp loops 247-249 -> 282). Each applied to a copy (patch
# -p1), built beside the tree; docs/runs/next_xs_pieces.py 20 in the orders tree / two_long /
# two_all / xs_one / xs_one / two_all / two_long / tree. Unchecked timing: two_long and two_all
# launch the tested 2-piece kernels (1..8 warps a row); xs_one's one-piece kernels are new code
# (run its W4A16 tests before keeping it). Predicted: 13824x5120 and 28672x3072 fp16 0-0.5 us
# faster on 2 pieces, bf16 even or slower (item 218's margins 0.3-1.4 us); the short streams
# (two_all) unsure, one piece had won there by 0.3-3 us with x in registers; xs_one even to 0.5
# faster on the one-piece shapes, bf16 more than fp16.
# Usage (device, from the repo root): bash docs/runs/next_xs_pieces.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in two_long two_all xs_one; do
  rm -rf /tmp/tree_$v && mkdir -p /tmp/tree_$v && cp -r src docs /tmp/tree_$v/
  (cd /tmp/tree_$v && patch -p1 < docs/runs/next_$v.patch > "$LOGS/apply_$v.log" 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL: next_xs_pieces.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_$1/src; cache=/tmp/cache_$1; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/next_xs_pieces.py 20 2>&1 | grep -v -i warn
}
{ side tree; side two_long; side two_all; side xs_one; side xs_one; side two_all; side two_long; side tree; } \
  > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

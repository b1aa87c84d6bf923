#!/usr/bin/env bash
# Run 570 (ninety-third session, the H100 of run 569, warm): item 339 mapped over K. Run 569 had the
# tile sweep at one 16-bit column faster than the W4A16 row sweep at K = 4096 (the lm_head 2.3-4.1
# us, 65536x4096 1.0-1.4, 14336x4096 0.3-0.9) and slower at K = 2048 (100000x2048 3.2-3.7) and
# 8192 (28672x8192 0.5-1.5). Here K = 2560..7168 on small and large M, the same sides
# (tile1.patch; rule / tile / tile / rule, fp16 and bf16 x, unchecked, scripts/ab_shapes.py 20).
# Predicted (written before the run): the tile sweep 0.5-3 us faster on the large-M shapes of K =
# 3072-6144, slower at K = 2560 and 7168, within 0.5 either way on the small ones (4096x4096,
# 8192x3072, 8192x6144).
# Usage (device, from the repo root): bash docs/runs/run570/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run569/tile1.patch
source scripts/device_call_setup.sh
SHAPES=65536x2560,8192x3072,65536x3072,4096x4096,32768x4096,13824x5120,32768x5120,8192x6144,32768x6144,18432x7168
tile_side() {  # rule|tile ARGS...: the tree's rule, or the patched tree with the tile sweep forced
  local s=$1; shift
  echo "-- shape $s"
  if [ "$s" = tile ]; then NVFP4_GEMV_SWEEP=0 NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=1 ab_side old $SHAPES "$@"
  else ab_side new $SHAPES "$@"; fi
}
{ for s in rule tile tile rule; do tile_side $s floors; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-150

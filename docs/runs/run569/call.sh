#!/usr/bin/env bash
# Run 569 (ninety-third session). On an H200: run 567's script as it is (owed there since the
# ninety-second session: `bash run.sh`, issue 5's items 2 and 6, the floor by bytes in flight).
# On either card, then item 339: the H100 oddity of runs 567-568 (the lm_head's W4A16 bf16 at one
# column, 132.6-132.9 us on the W4A16 row sweep, slower than at two columns, 130.0-130.3 on the
# tile sweep). Does the tile sweep at one column beat the one-column sweeps on large-M layers?
# tile1.patch lets NVFP4_GEMV_SWEEP8=1 put one column on the tile sweep at any K (the tree's fit
# takes one column there only past K = 16384); that side runs with NVFP4_GEMV_SWEEP=0
# NVFP4_GEMV_SWEEP16=0 so that the row sweeps stand aside. Timed unchecked (scripts/ab_shapes.py
# 20), rule / tile / tile / rule, fp16 and bf16 x ("floors") and FP4 x.
# Predicted (written before the run), us: H100: the lm_head bf16 and fp16 1.5-3.5 us faster on the
# tile sweep (~129.5-131 against 132.5-135; its two-column time is an upper bound), 65536x4096 and
# 100000x2048 0.5-1.5 faster, 14336x4096 and 28672x8192 within 0.5 either way, FP4 x even or slower
# (its row sweep is 1.03-1.04x the floor on the lm_head); H200: the tile sweep slower on every
# shape (the lm_head at two columns 104-110 against 94.8 at one).
# Usage (device, from the repo root): bash docs/runs/run569/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run569/tile1.patch
source scripts/device_call_setup.sh
if grep -q H200 "$OUT/env.txt"; then
  OUT=$OUT/run567 && mkdir -p "$OUT" && OLD_PATCH= bash docs/runs/run567/call.sh
  OUT=$(dirname "$OUT")
fi
SHAPES=151936x4096,65536x4096,100000x2048,14336x4096,28672x8192
tile_side() {  # rule|tile ARGS...: the tree's rule, or the patched tree with the tile sweep forced
  local s=$1; shift
  echo "-- shape $s"
  if [ "$s" = tile ]; then NVFP4_GEMV_SWEEP=0 NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=1 ab_side old $SHAPES "$@"
  else ab_side new $SHAPES "$@"; fi
}
{ for s in rule tile tile rule; do tile_side $s floors; tile_side $s fp4; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-150

#!/usr/bin/env bash
# Run 557 (prepared in the eighty-seventh session, for an H200): the cases item 335's rule left
# on older or no H200 timing, the rule against the other plan, rule / alt / alt / rule (alt:
# NVFP4_GEMV_SWEEP8=0, the row tiles, where the rule takes the tile sweep; NVFP4_GEMV_SWEEP8=1,
# the tile sweep, where it takes the row tiles: the tiled K = 4096 layers past 2^26 bytes), scripts/ab_shapes.py 20, unchecked, fp16 / bf16
# / FP4 x: row-major two columns past 2^27 bytes at K = 4096 (the lm_head, 151936x4096: the tile
# sweep by item 273's run 451, before the register-staged loads); row-major three columns at K =
# 2048 on large layers (100000x2048, 140000x2048: the tile sweep at any size by item 273; tiled,
# the row tiles led by 7.5-11 us in run 555); the tiled format at K = 4096 between run 555's two
# layers of opposite sign (36864x4096, 100000x4096 at two and three columns: where does the lead
# turn?). Predicted: the lm_head row-major two columns within 2 us either way; row-major three
# columns at K = 2048 the row tiles 5-10 us ahead (then sweep8_pays takes N = 3 row-major below
# K = 8192 too); tiled K = 4096 the row tiles ahead past ~2^27 bytes, the tile sweep below.
# Usage (device, from the repo root): bash docs/runs/run557/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
alt_side() {  # rule|alt SWITCH SHAPES ARGS...: ab_side new; for "alt" with NVFP4_GEMV_SWEEP8=SWITCH
  local s=$1 switch=$2; shift 2
  echo "-- shape $s"
  if [ "$s" = alt ]; then NVFP4_GEMV_SWEEP8=$switch ab_side new "$@"; else ab_side new "$@"; fi
}
T4=36864x4096,100000x4096
{ for s in rule alt alt rule; do
    alt_side $s 0 151936x4096 cols=2 floors; alt_side $s 0 151936x4096 cols=2 fp4
    alt_side $s 0 100000x2048,140000x2048 cols=3 floors; alt_side $s 0 100000x2048,140000x2048 cols=3 fp4
    alt_side $s 1 $T4 cols=2 tiled floors; alt_side $s 1 $T4 cols=2 tiled fp4
    alt_side $s 1 $T4 cols=3 tiled floors; alt_side $s 1 $T4 cols=3 tiled fp4
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

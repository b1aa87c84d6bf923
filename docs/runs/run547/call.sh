#!/usr/bin/env bash
# Run 547 (prepared in the eighty-fifth session, not yet run): are the 2- and 3-column crossovers
# stale the way item 332 found the W4A16 sweep's L > 1 bound? Item 273 (runs 450-451) set where the
# tile sweep takes 2 or 3 columns (sweep8_pays: row-major 2 columns only past 2^27 bytes of weights
# and K >= 4096, or past K = 16384; tiled 2-3 columns only up to 2^26 bytes or past K = 16384),
# and the two-column W4A16 row sweep (sweep16_fits) comes before it; items 311-330 have since made
# the tile sweep's 2-chunk kernels 0.4-4 us faster at 8 columns. One build, no code change: the rule
# against the tile sweep forced (NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=1; plan_rules `show` gives
# the tile sweep on every shape below that way), rule / forced / forced / rule, unchecked
# (scripts/ab_shapes.py 20): two columns on row-major weights (16-bit x: the two-column row sweep
# by rule; FP4 x: that sweep up to 96 MiB of one-piece rows, past it the row tiles, 28672x8192 and
# 100000x2048), and two and three columns on the tiled format past 2^26 bytes (the row tiles by
# rule). Predicted: the rule holds at two columns on row-major weights up to 2^27 bytes (the row
# sweep's loop does 2 columns' work, the tile sweep's mma 8), within 0.5 us at 7168x16384; the
# tile sweep now even or faster where item 273 gave the row tiles (FP4 x 28672x8192 and
# 100000x2048 row-major, the tiled 26624x8192 and lm_head), by up to 2 us. A side faster by 0.3 us
# or more on every order moves its rule (a general bound, not per shape).
# Usage (device, from the repo root): bash docs/runs/run547/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
R=7168x16384,4096x4096,2048x7168,28672x8192,100000x2048
T=26624x8192,100000x2048,151936x4096
rule() { echo "-- shape rule"; ab_side new "$@"; }
forced() { echo "-- shape tile-sweep"; NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=1 ab_side new "$@"; }
{ for s in rule forced forced rule; do
    $s $R cols=2 floors; $s $R cols=2 fp4
    $s $T cols=2 tiled floors; $s $T cols=2 tiled fp4
    $s $T cols=3 tiled floors; $s $T cols=3 tiled fp4
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

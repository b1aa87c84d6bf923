#!/usr/bin/env bash
# Run 560 (prepared in the eighty-ninth session, for the warm machine after run 559): is the one-
# column row sweeps' distance from their floor a tail of uneven rows? At 7168x16384 the W4A4 sweep
# plans 396 CTAs (3 an SM) of interleaved rows: 40 take 19 rows, 356 take 18; the W4A16 sweep 132
# CTAs of row pairs: 20 take 28 pairs, 112 take 27; 7168x2048x4's 28672 rows are 72.4 a W4A4 CTA.
# The probe times the rule's plans (unchecked, scripts/ab_shapes.py 20, with the floor over the same
# bytes) on row counts that fill every CTA evenly beside the task's: 7128 (18 x 396 rows, 27 x 132
# pairs), 7392 (28 x 132 pairs; W4A4 uneven), 7524 (19 x 396; W4A16 uneven), at L = 4 7128 (72 x
# 396), FP4 x then bf16 x, the shapes in one order, then reversed. Predicted: if the tail costs what
# its last rows' latency does, 7168's GEMV - floor 0.3-0.8 us above the even neighbours' on each
# sweep; else within 0.2 (no tail to win).
# Usage (device, from the repo root): bash docs/runs/run560/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
timeout ${AB_LIMIT_S:-240} bash -c "$(declare -f side_paths ab_side)
  for order in 7128x16384,7168x16384,7392x16384,7524x16384,7128x2048x4,7168x2048x4 \
               7168x2048x4,7128x2048x4,7524x16384,7392x16384,7168x16384,7128x16384; do
    ab_side new \$order floors fp4
    ab_side new \$order floors
  done" > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

#!/usr/bin/env bash
# Run 552 (eighty-seventh session): run 549's one loss, bf16 x at two columns on the tiled
# 100000x2048 (the tile sweep 54.5-54.6 us against the row tiles' 52.9; fp16 and FP4 x even): is
# it the rule's shape (2 chunks a thread, single CTAs: one CTA holds K = 2048 in 64 chunks) or the
# tile sweep itself? The rule against NVFP4_GEMV_SWEEP8_SHAPE=2,2 (clusters of 2 CTAs, each half
# of K), rule / 2,2 / 2,2 / rule, scripts/ab_shapes.py 20, unchecked, fp16 / bf16 x, on the tiled
# 100000x2048 and 151936x2048 (a Qwen3-1.7B-sized lm_head) at two and three columns. Predicted:
# clusters of 2 within 0.5 us of the rule (twice the CTAs a tile, half the chunks: the same
# bytes in flight); if they win by 0.5 or more in both orders, the K = 2048 case of the rule's
# cluster choice is what to look at, not the 2-3 column rule.
# Usage (device, from the repo root): bash docs/runs/run552/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
S=100000x2048,151936x2048
{ for s in rule 2,2 2,2 rule; do
    echo "-- shape $s"; shape_side $s $S cols=2 tiled floors; shape_side $s $S cols=3 tiled floors
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

#!/usr/bin/env bash
# Run 551 (eighty-seventh session), for an H200: run 548's open question there. On an H100 (run
# 548) one piece a thread on the W4A16 sweep was 0.2-0.7 us faster than the rule's 2 on long
# streams at K = 4096-7168 (14336x4096 and the lm_head 1 x 4 against 2 x 2, 8192x7168 1 x 7 against
# 2 x 4), where the H200 had timed it 0.6-0.8 slower (runs 250, 339, before items 244-289 reshaped
# the loop). Here the rule against NVFP4_GEMV_SWEEP16_SHAPE forced to one piece, rule / one / one /
# rule, scripts/ab_shapes.py 20, unchecked, fp16 / bf16 x, with 4096x4096 (the rule's own 1 x 4:
# a control) beside. Predicted: the rule (2 pieces) 0.3-0.8 us faster on the three long streams on
# the H200, the control within 0.2; if one piece wins by 0.3 or more in both orders,
# sweep16_pieces' long-stream bound moves (a general rule, not per shape).
# Usage (device, from the repo root): bash docs/runs/run551/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
K4=4096x4096,14336x4096,151936x4096
K7=8192x7168
{ for s in rule one one rule; do
    if [ $s = rule ]; then f4=rule f7=rule; else f4=1,4 f7=1,7; fi
    shape16_side $f4 $K4 floors; shape16_side $f7 $K7 floors
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

#!/usr/bin/env bash
# Run 548 (prepared in the eighty-fifth session, not yet run): item 333's knob
# (NVFP4_GEMV_SWEEP16_SHAPE="P,W", the W4A16 row sweep's shape forced) checked on the GPU, then
# the W4A16 sweep's pieces / warps rule re-timed with it, one build: sweep16_pieces was measured
# in runs 237-244 and 339-341, before items 244-289 reshaped the loop (663 -> 657 SASS a pair and
# the x copies), as item 332 found the L > 1 bound stale. (1) The W4A16 GPU tests (-k 'w4a16 or
# sweep16') under the knob at 2,8 and 1,8 (shapes the rule never takes where they hold K: pieces
# past K on idle lanes); (2) scripts/ab_shapes.py 20, unchecked, fp16 and bf16 x, the rule
# against each alternative in two orders: K = 4096 (4096x4096 rule 1 x 4; 14336x4096 and the lm_head
# 2 x 2) forced 2,2 and 1,4; K = 2048 (7168x2048 1 x 2, 7168x2048x4 2 x 1) forced 2,1 and 2,2; K =
# 7168 (2048x7168 1 x 7, 8192x7168 2 x 4) forced 1,7 and 2,4. Where a forced shape is the rule's
# own, that side is a repeat of the rule (a control). Predicted: tests pass; the rule within 0.3
# us of the best side on most shapes; if a side wins by 0.3 us or more on both orders, the rule's
# bound moves (a general rule in sweep16_pieces, not per shape).
# Usage (device, from the repo root): bash docs/runs/run548/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
for f in 2,8 1,8; do
  echo "== tests under NVFP4_GEMV_SWEEP16_SHAPE=$f"
  NVFP4_GEMV_SWEEP16_SHAPE=$f timeout 150 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'w4a16 or sweep16' 2>&1 | tail -n 2
done > "$OUT/tests.txt" 2>&1
cat "$OUT/tests.txt"
K4=4096x4096,14336x4096,151936x4096
K2=7168x2048,7168x2048x4
K7=2048x7168,8192x7168
{ for s in rule a b b a rule; do
    case $s in rule) f4=rule f2=rule f7=rule;; a) f4=2,2 f2=2,1 f7=1,7;; b) f4=1,4 f2=2,2 f7=2,4;; esac
    shape16_side $f4 $K4 floors; shape16_side $f2 $K2 floors; shape16_side $f7 $K7 floors
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

#!/usr/bin/env bash
# Run 535 (eighty-second session, a measurement for the next item, no change): Mx7168 at 4 and 8
# columns, M = 1024..2112 (64..132 tiles: single CTAs on 4 chunks, one round each, for FP4 and fp16
# x; bf16 x on clusters of 2), scripts/ab_shapes.py 20 (unchecked, us) with the floor. Why: run 534
# had 2048x7168 fp16 x N = 8 at 13.3 us against 1536x7168's 11.7 on the same work a CTA, floors 8.0
# / 7.2. If x's bytes through L2 (each single CTA loads x over all of K: 112 KB at 8 fp16 columns)
# bound it, fp16's time over the floor grows with the CTAs (M / 16) faster than FP4's (x 3.6x
# smaller) and at 4 columns half as fast. Predicted: fp16 N = 8 minus floor rising ~1 us from 96 to
# 128 CTAs, FP4 ~0.3.
# Usage (device, from the repo root): bash docs/runs/run535/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
S=1024x7168,1280x7168,1536x7168,1792x7168,2048x7168,2112x7168
{ ab_side new $S cols=8 floors; ab_side new $S cols=8 fp4 floors; ab_side new $S cols=4 floors
  ab_side new $S cols=4 fp4; ab_side new $S cols=8 fp4; ab_side new $S cols=8; } > "$OUT/scaling.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' \
  "$OUT/scaling.txt" | cut -c1-100

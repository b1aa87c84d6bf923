#!/usr/bin/env bash
# Run 541 (eighty-fourth session, main with item 329): (a) issue 5's N = 8 against N = 1 on the six
# model layers, both in one call (run 538's order 1, 8, 8, 1, fp16 / bf16 and FP4 x, floors);
# (b) whether the tile sweep's rule should still take 4 chunks (the copies, item 328's units) for
# fp16 and FP4 x: item 329 made the 2-chunk kernels (through registers) 0.4-1.4 us faster at 8
# columns with 16-bit x, even to 0.5 with FP4 x, and the rule's 4-chunk thresholds (10% less
# modeled work at one round, 20% over several) were timed before it. Every shape where the rule
# takes 4 chunks at 8 columns is one of: one round on single CTAs (M <= 2048, K 5120-7168), one
# round on clusters of 2 (M 1024, K 12288-16384) or several rounds on single CTAs (M >= 4096, K
# 5120-6144); here rule / forced 2 chunks / forced 2 chunks / rule (NVFP4_GEMV_SWEEP8_SHAPE=2,C, C
# the clusters 2 chunks take: 2 up to K = 8192, 4 at 14336-16384) at 8 and 4 columns. bf16 x is on
# 2 chunks either way (a control). Predicted: (a) bf16 x 2048x7168 N = 8 / N = 1 ~1.24 (12.1-12.2
# against 9.8-9.9), all six layers under 1.3 with each x; (b) forced 2 chunks ~1 us faster on the
# several-round shapes (fp16 x 8000x6144 N = 8 21.2-21.4 against bf16 x's 20.0-20.1 on 2 chunks),
# even to 0.3 faster at one round.
# Usage (device, from the repo root): bash docs/runs/run541/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
S=2048x7168,4096x14336,7168x16384,4096x4096,14336x4096,7168x2048
{ for n in 1 8 8 1; do ab_side new $S cols=$n floors; ab_side new $S cols=$n fp4; done; } > "$OUT/columns.txt" 2>&1
A=2048x7168,1536x7168,2048x5120,2048x6144,4096x5120,8000x6144,14336x5120
B=1024x14336,1024x16384
{ for n in 8 4; do for f in rule 2 2 rule; do
    if [ $f = rule ]; then fa=rule fb=rule; else fa=2,2 fb=2,4; fi
    echo "-- shape $fa"; shape_side $fa $A cols=$n floors; shape_side $fa $A cols=$n fp4
    echo "-- shape $fb"; shape_side $fb $B cols=$n floors; shape_side $fb $B cols=$n fp4
  done; done
} > "$OUT/shapes.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' \
  "$OUT/columns.txt" | grep -v "^==" | cut -c1-110
python3 docs/runs/run536/table.py "$OUT/shapes.txt"  # ("-- shape" labels; run 541 ran a table.py of its own, since folded in)

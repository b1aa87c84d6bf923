#!/usr/bin/env bash
# Run 538 (eighty-third session, item 328 taken): issue 5's N = 8 against N = 1 on the model layers
# with the 4-chunk tile sweep's units, both in one call: scripts/ab_shapes.py 20 (unchecked, us) at
# one and 8 columns, fp16 / bf16 and FP4 x, in the order 1, 8, 8, 1, with the floors. Predicted:
# 2048x7168 N = 8 / N = 1 under 1.3 with FP4 (11.2-11.4 against 9.0-9.1) and fp16 x (12.2-12.3
# against 9.5-9.7), over it with bf16 x (12.8-13.0, 2 chunks on clusters of 2, unchanged).
# Usage (device, from the repo root): bash docs/runs/run538/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
S=2048x7168,4096x14336,7168x16384,4096x4096,14336x4096,7168x2048
{ for n in 1 8 8 1; do ab_side new $S cols=$n floors; ab_side new $S cols=$n fp4; done; } > "$OUT/columns.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' \
  "$OUT/columns.txt" | grep -v "^==" | cut -c1-110

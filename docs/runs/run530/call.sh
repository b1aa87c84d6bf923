#!/usr/bin/env bash
# Run 530 (BENCHMARKS.md item 324's check at a K ending scale rows mid-word): 4096x16416 and
# 8192x16416 (in_features % 64 == 32, past 16384: "auto" row-major since item 324), row-major with
# padded scale rows against tiled, scripts/ab_shapes.py 20 (unchecked, us, write flush) at 1 and 8
# columns, FP4 x (with the floor) and fp16 / bf16 x. Predicted: one column row-major faster or even
# (as 8192x29568 in run 528), 8 columns tiled up to ~2 us faster.
# Usage (device, from the repo root): bash docs/runs/run530/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
S=4096x16416,8192x16416
ab() { echo "== $* (${SECONDS}s)"; timeout 60 python3 scripts/ab_shapes.py 20 $S "$@" 2>&1 | grep -v -i warn; }
{ for n in 1 8; do ab cols=$n fp4 padded floors; ab cols=$n fp4 tiled; ab cols=$n padded; ab cols=$n tiled; done; } \
  > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"; cut -c1-150 "$OUT/sides.txt"

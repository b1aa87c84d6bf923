#!/usr/bin/env bash
# Run 528 (BENCHMARKS.md item 324): NVFP4Linear's "auto" layout past in_features = 16384 where
# in_features % 256 != 0 (Qwen2.5-72B's down_proj, 8192x29568): linear.py keeps such layers tiled
# because "the tile sweep's 16-byte scale copies want K % 256 == 0", which items 321 (padded rows)
# and 323 (4-byte-word kernels) made stale. Times the op (scripts/ab_shapes.py 20, unchecked, us,
# write flush) on row-major weights with scale rows padded to 16 bytes (NVFP4Linear's) against the
# tiled format, at 1 / 4 / 8 / 16 columns, FP4 x (W4A4, with the floor) and fp16 / bf16 x; and
# 8192x28672 beside it (K % 256 == 0: row-major by the rule today) as the control. Predicted: as
# 8192x28672 in run 527: W4A4 one column row-major ~3 us faster (52.5 against 55.8 there), bf16
# even; 4..16 columns within 1 us either way.
# Usage (device, from the repo root): bash docs/runs/run528/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
S=8192x29568,8192x28672
ab() { echo "== $* (${SECONDS}s)"; timeout 90 python3 scripts/ab_shapes.py 20 $S "$@" 2>&1 | grep -v -i warn; }
{ for n in 1 4 8 16; do
    ab cols=$n fp4 padded floors; ab cols=$n fp4 tiled floors; ab cols=$n padded; ab cols=$n tiled
  done
  ab cols=1 fp4; ab cols=8 fp4; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\4\5/' "$OUT/sides.txt" | cut -c1-150

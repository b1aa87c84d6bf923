#!/usr/bin/env bash
# Run 532 (BENCHMARKS.md item 326, eighty-second session): NVFP4Linear's "auto" row-major past
# in_features 16384 wherever in_features % 32 == 0 (was 64: 16416's scale rows end mid-word, which
# item 325 made the tile sweep's word kernels take, run 531). The NVFP4Linear and tile-sweep GPU
# tests on this tree; then scripts/ab_shapes.py 20 (unchecked, us, write flush) on this tree,
# 4096x16416 and 8192x16416, row-major with padded scale rows against tiled, at 1, 2, 4, 8, 16
# columns, FP4 x (with the floor) and fp16 / bf16 x (8 columns in two orders). Predicted: the
# 16448 / 29568 trade-off (runs 528, 530b): one column row-major 1.5-2 us faster, 4..16 columns
# tiled 0.5-4 faster. Then item 325's only doubt (run 531: contiguous 5120x2880 FP4 x N = 8 old
# 11.3 / new 11.4-11.6): old (before.patch: main 0d2d475) / new in three pairs, contiguous
# whole-word rows, FP4 x N = 8. Predicted: within 0.1.
# Usage (device, from the repo root): bash docs/runs/run532/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run532
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
(timeout 240 python3 -m pytest -q -p no:cacheprovider -k "linear or tile_sweep or scale_rows or padded" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
S=4096x16416,8192x16416
{ for n in 1 2 4 8 16; do ab_side new $S cols=$n fp4 padded floors; ab_side new $S cols=$n fp4 tiled
    ab_side new $S cols=$n padded; ab_side new $S cols=$n tiled; done
  ab_side new $S cols=8 fp4 tiled; ab_side new $S cols=8 fp4 padded; ab_side new $S cols=8 tiled; ab_side new $S cols=8 padded
} > "$OUT/layouts.txt" 2>&1
C=5120x2880,6912x1152,2880x2880
{ for v in old new new old old new; do ab_side $v $C cols=8 fp4; done; } > "$OUT/sides.txt" 2>&1
# Issue 5's 2048x7168 (N = 8 over 1.3x N = 1): where the time goes, for the next item (no prediction)
{ for n in 1 8; do ab_side new 2048x7168 cols=$n fp4 floors; ab_side new 2048x7168 cols=$n floors
    ab_side new 2048x7168 cols=$n fp4 tiled floors; ab_side new 2048x7168 cols=$n tiled floors; done
  NVFP4_GEMV_SWEEP8=0 ab_side new 2048x7168 cols=8 fp4 floors; NVFP4_GEMV_SWEEP8=0 ab_side new 2048x7168 cols=8 floors
} > "$OUT/small.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' "$OUT/layouts.txt" | cut -c1-110
cat "$OUT/sides.txt"; cut -c1-150 "$OUT/small.txt"

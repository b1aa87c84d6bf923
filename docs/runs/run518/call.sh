#!/usr/bin/env bash
# Run 518 (prepared in the seventy-ninth session; BENCHMARKS.md "Next steps" of that session): does
# the epilogue's per-row loads (a weight scale per row and a bias, as NVFP4Linear's fused shards
# with a bias pass them) cost the tile sweep's single CTAs a memory latency each tile? There the
# tile's outputs are stored in the loop (reduce), and store_sum's two loads are read ~15 SASS
# after they issue (sm_90a), by threads 0 .. 127 only, while the next barrier holds the other
# warps. With clusters (C > 1) and in the row sweeps the outputs are stored once, at the end.
# Predicted: single CTAs (14336x4096, 18944x3584, 4608x3584, 4096x4096, 8000x6144 at N = 8) slower
# with the epilogue by up to ~0.4 us a round (7 rounds at 14336x4096, 9 at 18944x3584); 7168x16384
# and 3584x18944 (clusters) and N = 1 even. scripts/ab_shapes.py 20, FP4 and fp16 / bf16 x, plain /
# epilogue / epilogue / plain, on this tree. First the tile-sweep GPU tests (5120x6144 N = 6, item
# 318's plan, added since run 517). No build variants. At most 8 files.
# Usage (device, from the repo root): bash docs/runs/run518/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
(timeout 150 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 |
   tail -n 3; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=14336x4096,18944x3584,4608x3584,4096x4096,8000x6144,7168x16384,3584x18944
{ for e in "" epilogue epilogue ""; do
    for a in "cols=8 fp4 floors" "cols=8"; do
      echo "== ${e:-plain} $a (${SECONDS}s)"
      timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES $a $e 2>&1 | grep -v -i warn
    done
  done
  for e in "" epilogue; do
    echo "== ${e:-plain} N = 1 fp4 (${SECONDS}s)"
    timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES fp4 $e 2>&1 | grep -v -i warn
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-110

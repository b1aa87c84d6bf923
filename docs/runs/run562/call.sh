#!/usr/bin/env bash
# Run 562 (prepared in the eighty-ninth session): item 337 (sweep8_pays by the memory: below 4000
# GB/s, the H100's 3352, the row tiles at 2-3 columns past 2^16 rows below K = 2048 only, the tile
# sweep from K = 2048; the H200's rule unchanged). First the GPU tests of the tile sweep and of the
# few-columns rule (-k 'tile_sweep or few_columns': 13 rule cases, their expectation by the memory
# this card has), then, in order of need under one time limit, the rule against the other plan
# (alt: NVFP4_GEMV_SWEEP8=1, the tile sweep, where the rule takes the row tiles; =0, the row tiles,
# where it takes the tile sweep), rule / alt / alt / rule, scripts/ab_shapes.py 20, unchecked, fp16 /
# bf16 / FP4 x: K = 1536, untimed on either card (the H100 rule takes it as 1024), row-major
# 70001x1536 at three columns and tiled 100000x1536 at two (switch 1); then the tiled lm_head at two
# columns (switch 0). Predicted: tests pass; at K = 1536 the row tiles ahead by 2+ us on both cards
# (K = 1024 on the H100: 16-21 us, K = 2048 4-6 behind); on an H100 the tiled lm_head 5-9 us faster
# on the tile sweep (run 549: ~8), on an H200 the row tiles 3-6 ahead (run 555).
# Usage (device, from the repo root): bash docs/runs/run562/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'tile_sweep or few_columns' > "$OUT/tests.txt" 2>&1
tail -n 3 "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
# the tiled lm_head at two columns: the rule takes the tile sweep on the H100 (alt: the row tiles),
# the row tiles on the H200 (alt: the tile sweep)
case "$(head -n 2 "$OUT/env.txt" | tail -n 1)" in *H200*) head_switch=1 ;; *) head_switch=0 ;; esac
timeout ${AB_LIMIT_S:-240} bash -c "$(declare -f side_paths ab_side alt_side ab_group)
  ab_group 1 70001x1536 cols=3
  ab_group 1 100000x1536 cols=2 tiled
  ab_group $head_switch 151936x4096 cols=2 tiled" > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

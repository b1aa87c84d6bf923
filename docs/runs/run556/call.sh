#!/usr/bin/env bash
# Run 556 (eighty-seventh session): item 335 as revised after run 555 (H200): at 2-3 columns the
# tile sweep past item 273's bounds from K = 8192 only, the row tiles below it (sweep8_pays). Its
# GPU tests: -k 'tile_sweep or few_columns' (the tile sweep's cases, the new K = 8192 ones among
# them, and test_few_columns_below_k_8192_take_the_row_tiles, which asserts each case's kernel).
# No timing: run 555 timed these two plans on the H200 (the rule then against NVFP4_GEMV_SWEEP8=0,
# the same row tiles), runs 547-549 on the H100. Predicted: every test passes.
# Usage (device, from the repo root): bash docs/runs/run556/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'tile_sweep or few_columns' 2>&1 | tail -n 3 \
  > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"

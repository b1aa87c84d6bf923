#!/usr/bin/env bash
# Run 502 (BENCHMARKS.md item 306): the tree with the tile sweep's copies without the L2::256B hint.
# The build; the tile sweep's reference tests (test_tile_sweep_matches_reference: every tile-sweep
# kernel against the reference); then `nvfp4-gemv bench --columns --no-baselines` (item 302: N = 1,
# 2, 4, 8, 16 on every model layer, and each N's time over N = 1's). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run502/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"
(timeout 90 python3 -m pytest -q -p no:cacheprovider -k "test_tile_sweep_matches_reference" \
   tests/test_gpu_kernel.py 2>&1 | tail -n 3; echo "(${SECONDS}s)") > "$OUT/tests.txt"
timeout 150 python3 -m nvfp4_gemv bench --columns --no-baselines --reps 30 --json "$OUT/bench_columns.json" \
  > "$OUT/bench_columns.txt" 2>&1
echo "columns rc $? (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; grep -E "^time at N|N=8 / N=1|ratio" "$OUT/bench_columns.txt" | head -40

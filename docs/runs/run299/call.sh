#!/usr/bin/env bash
# Run 299 (BENCHMARKS.md item 194): the tile sweep at 9..16 columns (two blocks of 8 columns, one
# chunk a thread, clusters of up to 8; sweep8_fits now N <= 16). Build; the kernel tests (the
# tile sweep's new 9..16-column cases against the float64 oracle; tests that pinned the row
# tiles at N > 8 may now fail on routing); then cols16_ab.py against NVFP4_GEMV_SWEEP8=0, two
# orders. Predicted: 7168x16384 N = 16 fp16 ~35 us against ~42 (run 298: W4A4 42.3, bf16 47.3),
# N = 9-12 ~32-34; small K (4096) clusters of 2, ~1.5x faster than the row tiles as at N = 8.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q -x tests/test_gpu_kernel.py -k "tile_sweep" 2>&1 | tail -n 30 > "$OUT/pytest_tile.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest_tile.log" | tail -n 15
for mode in unset 0 0 unset; do
  if [ $mode = unset ]; then timeout 100 python3 docs/runs/run299/cols16_ab.py; else NVFP4_GEMV_SWEEP8=0 timeout 100 python3 docs/runs/run299/cols16_ab.py; fi
done > "$OUT/cols16_ab.txt" 2>&1
cat "$OUT/cols16_ab.txt"
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15

#!/usr/bin/env bash
# Run 511 (BENCHMARKS.md item 312, seventy-eighth session): the tree of item 312 as taken (fp16 and
# FP4 x on row-major weights take 2 chunks a thread through registers wherever 4 would need a
# cluster and take several tiles): the build, the tile-sweep GPU tests, scripts/ab_shapes.py 20 on
# the shapes run 510 timed (FP4 x at N = 8 with its kernels and the floor, fp16 / bf16 x at N = 8),
# then `nvfp4-gemv bench --columns` (issue 5's N = 8 / N = 1 on the model layers). At most 8 files.
# Usage (device, from the repo root): bash docs/runs/run511/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"
(timeout 150 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 |
   tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=4096x14336,2048x16384,3000x16384,8192x14336,8192x28672,14336x5120,8000x6144,3000x18944,2048x7168
{ timeout 40 python3 scripts/ab_shapes.py 20 $SHAPES cols=8 fp4 floors; timeout 40 python3 scripts/ab_shapes.py 20 $SHAPES cols=8; } \
  2>&1 | grep -v -i warn > "$OUT/sides.txt"
timeout 200 python3 -m nvfp4_gemv bench --columns --no-baselines --reps 30 --json "$OUT/bench_columns.json" \
  > "$OUT/bench_columns.txt" 2>&1
echo "columns rc $? (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), false>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100
grep -E "N=(1|8) " "$OUT/bench_columns.txt" | cut -d'|' -f2-4,7 | head -60

#!/usr/bin/env bash
# Run 508 (BENCHMARKS.md item 311, seventy-seventh session; cut to what the session's last device
# time held, run 509 has the side by side): the tree of item 311 as taken (the tile sweep's fp16 and
# FP4 kernels of 2 chunks and one column block staged through registers; bf16 x, two column blocks
# and the tiled format on the copies): the build, the tile-sweep GPU tests, then scripts/ab_shapes.py
# 20 on six shapes, FP4 x at N = 8 (its kernels and the floor) and fp16 / bf16 x at N = 8, to set
# against run 507's base on another H100. At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run508/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"
(timeout 100 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 |
   tail -n 3; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672
{ timeout 40 python3 scripts/ab_shapes.py 20 $SHAPES cols=8 fp4 floors; timeout 40 python3 scripts/ab_shapes.py 20 $SHAPES cols=8; } \
  2>&1 | grep -v -i warn > "$OUT/sides.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt" | cut -c1-110

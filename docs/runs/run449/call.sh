#!/usr/bin/env bash
# Run 449: (1) NVFP4Linear's sm_90 layout rule measured again (layouts449.py: row-major against
# the tiled format, bf16 / FP4 x, N = 1, 2, 3, 4, 8, 16, the model layers and 7168x16384, two
# orders), then the tiled format alone with the tile sweep switched off (NVFP4_GEMV_SWEEP8=0: its
# row tiles at 3..16 columns, for the tile sweep's 3-column losses, item 270); (2) every GPU test
# of the kernel, features and NVFP4Linear on this tree (the cluster's rank-order sums written once,
# cluster_rank_order_sums: sm_90a SASS one epilogue instruction moved in 22 sweep8 instances).
# Usage (device, from the repo root): bash docs/runs/run449/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
R=docs/runs/run449
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 170 python3 $R/layouts449.py 20 1,2,3,4,8,16 > "$OUT/layouts.txt" 2>&1
echo "layouts ${SECONDS}s" >> "$OUT/env.txt"
NVFP4_GEMV_SWEEP8=0 timeout 50 python3 $R/layouts449.py 20 3,4,8 --tiled-only > "$OUT/row_tiles.txt" 2>&1
echo "row tiles ${SECONDS}s" >> "$OUT/env.txt"
timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 3 > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt"; grep -v "kernels" "$OUT/layouts.txt" | tail -n 40; grep -v kernels "$OUT/row_tiles.txt"; cat "$OUT/env.txt"

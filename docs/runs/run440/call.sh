#!/usr/bin/env bash
# Run 440: the review's host-side refactor (smem_opt_in_once and cluster_config serving the tile
# sweep's and the band sweep's launchers; the kernels' sm_90a SASS byte-identical to 9dcfb74's) on
# the GPU: the build, then the GPU tests that launch those two kernels (the tile sweep's and the
# band sweep's, the CUDA-graph replay of a clustered launch, NVFP4Linear at 3..16 rows).
# Usage (device, from the repo root): bash docs/runs/run440/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py -k "tile_sweep or band_sweep or graph or k_sections or tiled or linear" \
  2>&1 | tail -n 4 > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/env.txt"

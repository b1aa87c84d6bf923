#!/usr/bin/env bash
# Run 473 (BENCHMARKS.md item 287): NVFP4Linear with a global scale per output row (fused shards,
# from_quantized_shards) against one scale, eager / compiled / CUDA graph, then the per-row GPU
# test. Usage (device, from the repo root): bash docs/runs/run473/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=${NVFP4_GEMV_CACHE_DIR:-/tmp/nvfp4_gemv_cache}
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build473.log 2>&1 || { tail -n 20 /tmp/build473.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_features.py -k "global_scale_per_row" 2>&1 \
  | tail -n 3 > "$OUT/tests.txt"
timeout 240 python3 docs/runs/run473/per_row.py 30 > "$OUT/per_row.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/per_row.txt" "$OUT/env.txt"

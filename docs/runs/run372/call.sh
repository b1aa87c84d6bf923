#!/usr/bin/env bash
# Run 372 (the forty-seventh session's final review): the GPU tests on the final tree (commit of this
# call: the kernels of b9040b8; the review gave four tests one helper for their kernel-name check).
# Usage (device, from the repo root): bash docs/runs/run372/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
   tests/test_linear_and_peers.py 2>&1 | tail -n 5; echo "(${SECONDS}s)") > "$OUT/tests.txt"
cat "$OUT/tests.txt"

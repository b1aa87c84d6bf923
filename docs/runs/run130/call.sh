#!/usr/bin/env bash
# Run 130 (one device call, from the repository root; writes under $OUT): the front order for
# tiled weights at one column (plan block_rows > 0: CTA b takes blocks b, b + grid, ... of
# front_block_bands(K) bands) against the balanced contiguous ranges (NVFP4_GEMV_FRONT=0), timed
# unchecked by scripts/time_shapes.py; then the kernel and feature tests with the front order on.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="NVFP4_GEMV_FRONT=0 - NVFP4_GEMV_FRONT=0 -" \
  timeout 300 bash scripts/device_variants.sh front= > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/front && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 3) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 162: the row tiles' integer item by dp4a instead of mma.m16n8k32 (tile_dot.patch:
# compute_item_tile_dot, the activation staged as DotStage in 128-value steps, 1.5 bytes a value
# against ImmaStage's 3.25), for tiled and row-major weights alike. "tdot" (the working tree)
# against "head" (.variants/head.cu = commit 7f94df2's gemv_kernels.cu; carry .variants),
# time_shapes.py with the tiled rows, twice each; then the kernel tests on tdot, as is and with the
# integer item forced. About 5 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 420 \
  bash scripts/device_variants.sh tdot= head=@.variants/head.cu > "$OUT/var.txt" 2>&1
V=/tmp/nvfp4_variants/tdot
for e in NVFP4_GEMV_VARIANT_ENV=none NVFP4_GEMV_IMMA=1; do
  env $e NVFP4_GEMV_CACHE_DIR=$V/cache PYTHONPATH=$V/src timeout 100 \
    python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed "s/^/$e: /" >> "$OUT/pytest.log"
done
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

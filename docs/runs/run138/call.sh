#!/usr/bin/env bash
# Run 138 (one device call, from the repository root; writes under $OUT): item 22's block
# columns on today's register window (block_columns_fixed.patch, run 137's with word 2 and 3 pieces fixed: at N = 1 the mma's idle B columns carry
# the item's 8 scale blocks, 4 FFMA on the fp32 partials instead of 32 HMUL2 per item; tiled loop
# 624 -> 523 SASS per 4 items, row-major 637 -> 538). Variants: base = HEAD (the patch touches
# nvfp4_gemv.cuh too, so base is the working tree with .variants/reverse.patch = the patch reversed:
# HEAD's two files), blocks = the working tree.
# Timed unchecked; then the kernel tests on blocks.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 400 bash scripts/device_variants.sh \
  blocks= base=%.variants/reverse.patch > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/blocks && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 100 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 3) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 30
cat "$OUT/pytest.log"

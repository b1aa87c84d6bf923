#!/usr/bin/env bash
# Run 150 (one device call, from the repository root; writes under $OUT): the tiled format's
# scales in lane order (one 4-byte word per lane, no shuffle; tiled segments in whole bands of
# each batch), the real form of item 104's diagnostic. "cur" = the working tree, "head" = the
# working tree with its src changes reversed (.variants/head_src.patch = git diff -R -- src):
# time_shapes.py twice each, then all GPU tests on "cur".
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 300 \
  bash scripts/device_variants.sh cur= head=%.variants/head_src.patch > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/cur && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 240 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 4) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

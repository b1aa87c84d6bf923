#!/usr/bin/env bash
# Run 153 (one device call, from the repository root; writes under $OUT): the tiled format with
# each tile's scales right after its codes (one buffer of 1152-byte tiles, a and sfa its two
# views; run 152's probe: 1.1-2.3 us faster than scales in their own array). "cur" = the working
# tree, "prev" = the working tree with its src changes reversed (.variants/prev_src.patch =
# git diff -R -- src, i.e. ddd84c4's src): time_shapes.py twice each, then all GPU tests on "cur".
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 300 \
  bash scripts/device_variants.sh cur= prev=%.variants/prev_src.patch > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/cur && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 240 python3 -m pytest -q tests 2>&1 | tail -n 4) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

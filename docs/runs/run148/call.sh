#!/usr/bin/env bash
# Run 148 (one device call, from the repository root; writes under $OUT): one 128-byte scale
# request per warp item instead of two of 64 bytes, as a memory-pattern diagnostic (unchecked:
# .variants/sf32.cu has the tiled integer kernel's lanes load 4 bytes each at the tile's scale
# base + 4 lane, the scale bytes of rows 2g, 2g + 1, and use them unshuffled, so its output is
# wrong on purpose). "head" against "sf32", time_shapes.py, once each.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 200 \
  bash scripts/device_variants.sh head= sf32=@.variants/sf32.cu > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 20

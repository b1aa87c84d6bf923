#!/usr/bin/env bash
# Run 141 (one device call, from the repository root; writes under $OUT): the imma item with a
# 6-item register window (.variants/imma_d6.cu = the working tree's gemv_kernels.cu with
# kPrefetch = kImma ? 6 : prefetch_depth; the row-major variant compiles without spills, the
# tiled one spills 68 bytes) against the 4-item window (the working tree), imma on (unset), twice.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 400 \
  bash scripts/device_variants.sh d4= d6=@.variants/imma_d6.cu > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40

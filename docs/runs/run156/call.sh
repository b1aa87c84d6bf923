#!/usr/bin/env bash
# Run 156 (one device call, from the repository root; writes under $OUT): the row-major kernels'
# 16-bit scale loads (ld_scales_if) without L1 allocation ("na16"), after item 109's gain for the
# tiled scale word, against HEAD; time_shapes.py twice each (the "gemv" column is row-major).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20" VARIANT_ENVS="- -" timeout 300 \
  bash scripts/device_variants.sh head= \
  'na16=s/@q ld.global.nc.u16 h, \[%1\];/@q ld.global.nc.L1::no_allocate.u16 h, [%1];/' \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40

#!/usr/bin/env bash
# Run 145 (one device call, from the repository root; writes under $OUT): L2 prefetch hints on the
# 16-bit scale loads (ld_scales_if) now that the compute is light (item 101: on the lm_head and
# 4096x7168x8 the scale loads cost more than their bytes). "head" (HEAD), "sf256" (.L2::256B),
# "sf128" (.L2::128B); timed by time_shapes.py, unchecked, twice each.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 420 \
  bash scripts/device_variants.sh head= \
  'sf256=s/@q ld.global.nc.u16 h, \[%1\];/@q ld.global.nc.L2::256B.u16 h, [%1];/' \
  'sf128=s/@q ld.global.nc.u16 h, \[%1\];/@q ld.global.nc.L2::128B.u16 h, [%1];/' \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 56

#!/usr/bin/env bash
# Run 144 (one device call, from the repository root; writes under $OUT): what the scale loads
# cost the kernel now that its compute is light (the integer item), unchecked diagnostics timed
# by time_shapes.py twice each: "head" (HEAD), "nosf" (load_item's scale loads replaced by the
# constant 0x38383838: no scale traffic at all), "sfa" (the scale loads read 2 bytes at the
# thread's own weight address: the same instructions, no scale stream of their own, no extra
# DRAM bytes: a lower bound for scales stored beside their tile).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 420 \
  bash scripts/device_variants.sh head= \
  'nosf=s/    sf_row\[tile\] = ld_scales_if<G::kBlocks>(ok, sf\[tile\] + sf_off);/    sf_row[tile] = 0x3838u;/' \
  'sfa=s/    sf_row\[tile\] = ld_scales_if<G::kBlocks>(ok, sf\[tile\] + sf_off);/    sf_row[tile] = ld_scales_if<G::kBlocks>(ok, a[tile] + a_off);/' \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 56

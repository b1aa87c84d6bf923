#!/usr/bin/env bash
# Run 165: each side alone of the row tiles' dp4a integer item (diagnostics, output wrong on
# purpose): "tnd" (tile_dot_nodecode.patch: the loaded words XORed, nothing decoded, no
# shared-memory reads: the memory side), "tnm" (tile_nomem.patch: every row-tile window re-reads
# its first items, served by L2: the compute side; the fp16 row tiles too), against "head"
# (commit of this call). time_shapes.py with the tiled rows, once each. About 3 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="-" timeout 400 \
  bash scripts/device_variants.sh head= tnd=%docs/runs/run165/tile_dot_nodecode.patch \
  tnm=%docs/runs/run165/tile_nomem.patch > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40

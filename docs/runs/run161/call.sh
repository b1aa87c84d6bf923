#!/usr/bin/env bash
# Run 161: each side alone of the integer k spans, forced everywhere they fit (NVFP4_GEMV_DOT=1;
# diagnostics, output wrong on purpose): "dnd" (dot_nodecode.patch: the loaded words XORed,
# nothing decoded, no shared-memory reads: the memory side), "dnm" (dot_nomem.patch: every item
# re-reads the warp's first one, served by L2: the compute side), against "head" (commit 7f94df2).
# time_shapes.py (row-major column), twice each. About 4 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20" VARIANT_ENVS="NVFP4_GEMV_DOT=1 NVFP4_GEMV_DOT=1" timeout 500 \
  bash scripts/device_variants.sh head= dnd=%docs/runs/run161/dot_nodecode.patch \
  dnm=%docs/runs/run161/dot_nomem.patch > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 60

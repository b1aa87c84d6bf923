#!/usr/bin/env bash
# Run 134 (one device call, from the repository root; writes under $OUT): does the front order
# (run 130's front_blocks.patch) shorten either side of the tiled kernel? Each side alone, as in
# item 68: memory side (docs/runs/run134/next_nodecode.patch: decode replaced by an XOR) and compute
# side (next_nomem.patch: weights re-read from L2), each with the front order
# (front_nd.patch, front_nm.patch = front_blocks + that diagnostic) and without it
# (NVFP4_GEMV_FRONT=0). Unchecked timings (scripts/time_shapes.py, tiled rows).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="NVFP4_GEMV_FRONT=0 -" timeout 400 \
  bash scripts/device_variants.sh nd=%docs/runs/run134/front_nd.patch nm=%docs/runs/run134/front_nm.patch \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40

#!/usr/bin/env bash
# Run 423: dynamic W4A4 (bf16 x quantized per call) on the shapes item 259 moved to one piece a
# thread, the tree (commit b0571b1) against before.patch (the tree's src as of 717a0ad, before the
# rule). Builds both copies in parallel (scripts/device_variants.sh), times dyn423.py 20 in the
# orders before / tree / tree / before.
# Usage (device, from the repo root): bash docs/runs/run423/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run423
VARIANT_CMD="$PWD/$R/dyn423.py 20" VARIANT_TAIL=20 VARIANT_ORDER="before tree tree before" \
  bash scripts/device_variants.sh tree= before=%$R/before.patch > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" > "$OUT/env.txt"
grep -v "^built\|arn" "$OUT/sides.txt"; cat "$OUT/env.txt"

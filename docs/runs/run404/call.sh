#!/usr/bin/env bash
# Run 404 (BENCHMARKS.md item 249): the W4A4 row sweep with no row sums at all (norows.patch: the hot
# loop's dot products feed one word, no butterfly, no shared-memory stores, no epilogue; its outputs
# are not written, a timing diagnostic), against the tree: what keeping the rows' sums costs.
# Builds both copies in parallel (scripts/device_variants.sh), times ab404.py 20 in the orders
# base / new / new / base. No tests: the patched kernels write no outputs.
# Usage (device, from the repo root): bash docs/runs/run404/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run404
VARIANT_CMD="$PWD/$R/ab404.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base new new base" \
  bash scripts/device_variants.sh base= new=%$R/norows.patch > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

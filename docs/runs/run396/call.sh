#!/usr/bin/env bash
# Run 396 (BENCHMARKS.md item 245): the fp16 decode's w >> 3 as IMAD.HI (FMA pipe) instead of SHF
# (integer pipe): shr3_imad.patch against the tree (fc0885e). Builds both copies in parallel
# (scripts/device_variants.sh) and times ab396.py 20 in the orders base / new / new / base; no tests
# (the patch is not kept unless it pays; a kept form is tested in the session's final call).
# Usage (device, from the repo root): bash docs/runs/run396/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run396
VARIANT_CMD="$PWD/$R/ab396.py 20" VARIANT_TAIL=40 VARIANT_ORDER="base new new base" \
  bash scripts/device_variants.sh base= new=%$R/shr3_imad.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

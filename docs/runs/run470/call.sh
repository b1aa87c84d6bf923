#!/usr/bin/env bash
# Run 470 (BENCHMARKS.md item 284): what in the W4A4 row sweep's epilogue costs item 283's 0.3-0.5
# us. Two diagnostic patches of sweep_epilogue (outputs wrong on purpose, timed unchecked):
# nobar.patch (no barrier before the warps' sums are read) and nostore.patch (the sums formed, the
# output stored only where a sum is exactly 1234.5); their sweep_kernel hot loops keep the tree's
# schedule (the first loads' lag as the tree's), unlike run 469's noepi. scripts/ab_shapes.py 20
# (W4A4 at one FP4 column, write flush, medians) in the orders base / nobar / nostore / nostore /
# nobar / base.
# Usage (device, from the repo root): bash docs/runs/run470/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run470
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SHAPES=7168x16384,4096x7168x8,7168x2048x4,14336x4096,4096x4096
VARIANT_CMD="scripts/ab_shapes.py 20 $SHAPES fp4" VARIANT_TAIL=10 \
  VARIANT_ORDER="base nobar nostore nostore nobar base" \
  timeout 280 bash scripts/device_variants.sh base= nobar=%$R/nobar.patch nostore=%$R/nostore.patch \
  > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
cat "$OUT/env.txt"

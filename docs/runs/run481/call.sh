#!/usr/bin/env bash
# Run 481: run 480's A/B (the tree against src/ before 812ff54, W4A16 / W4A4 / tiled at one column)
# on an H200 only, then a second pass of 30 reps on the three layers that moved most, in a third
# order: run 480 ran on an H100 and found 812ff54 even there, so the question (is run 479's W4A16
# slowdown against run 457, both H200, the kernels' or the machine's?) is the H200's. On any other
# GPU it stops after nvidia-smi (a call costs its start, not a build).
# Usage (device, from the repo root): bash docs/runs/run481/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
bash docs/runs/run480/call.sh
VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 30 151936x4096,7168x16384,4096x14336" VARIANT_TAIL=8 \
  VARIANT_ORDER="new old old new new old" timeout 200 bash scripts/device_variants.sh \
  new= old=%docs/runs/run480/before812.patch > "$OUT/sides2.txt" 2>&1
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides2.txt" | sort -t'|' -k2,2 -s

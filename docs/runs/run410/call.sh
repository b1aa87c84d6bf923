#!/usr/bin/env bash
# Run 410: the session's two kept changes together (items 250-251, commit 65ac6bf's kernels)
# against the kernels before them (commit 0231942: old.patch = git diff 65ac6bf 0231942 -- src/),
# in one two-order A/B on the same machine: builds both copies in parallel
# (scripts/device_variants.sh) and times ab410.py 30 in the orders old / new / new / old.
# Usage (device, from the repo root): bash docs/runs/run410/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run410
VARIANT_CMD="$PWD/$R/ab410.py 30" VARIANT_TAIL=60 VARIANT_ORDER="old new new old" \
  bash scripts/device_variants.sh new= old=%$R/old.patch > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

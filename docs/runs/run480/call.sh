#!/usr/bin/env bash
# Run 480: is the H200's W4A16 slowdown between runs 457 and 479 the kernels' (commit 812ff54:
# items 285, 286, 288) or the machine's? Run 479 (H200, HEAD 61cfdf4) against run 457 (H200,
# 9b46bb1) measured W4A16 bf16 row-major at one column 0.2-0.6 us slower on seven layers and 1.7 on
# the lm_head (floors even), W4A4 row-major 0-0.6 faster; run 476 (H100) had found 812ff54's
# patches even on W4A16 7168x16384 and 4096x4096. Two copies built in parallel: new (the tree)
# and old (the tree with before812.patch: src/ as of 0e49e84, the commit before 812ff54);
# scripts/ab_shapes.py 20 (write flush, medians, unchecked) in the order old new new old:
# (1) W4A16 fp16 and bf16 at one column, row-major: the six layers that moved most;
# (2) W4A4 at one column: four layers; (3) W4A16 on tiled weights (the band sweep): three layers.
# Usage (device, from the repo root): bash docs/runs/run480/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="new= old=%docs/runs/run480/before812.patch"
ab() {  # ab LIMIT_S ARGS...: ab_shapes.py in each copy, order old new new old
  local limit=$1; shift
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 $*" VARIANT_TAIL=8 VARIANT_ORDER="old new new old" \
    timeout "$limit" bash scripts/device_variants.sh $V
}
{
  VARIANT_CMD="-c pass" timeout 200 bash scripts/device_variants.sh $V  # the two builds, in parallel
  echo "== builds done ${SECONDS}s"
  ab 150 151936x4096,7168x16384,4096x14336,2048x7168,14336x4096,4096x4096
  echo "== stage 1 done ${SECONDS}s"
  ab 90 4096x4096,7168x2048,8192x28672,151936x4096 fp4
  echo "== stage 2 done ${SECONDS}s"
  ab 90 7168x16384,2048x7168,4096x4096 tiled
  echo "== stage 3 done ${SECONDS}s"
} > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
grep -E "done|built" "$OUT/sides.txt"; cat "$OUT/env.txt"

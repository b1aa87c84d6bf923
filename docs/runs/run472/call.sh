#!/usr/bin/env bash
# Run 472 (BENCHMARKS.md item 286): the W4A16 sweep's x_shared slot as a held 32-bit shared
# address (x16.patch: lane.patch of run 471, plus x16's sts128 / lds128 at x_addr) against the tree
# and lane.patch alone. scripts/ab_shapes.py 20 (write flush, medians, unchecked), fp16 / bf16 x
# at one column, orders base / lane / x16, then reversed, on the shapes whose kernels x16 changes
# (2 pieces a thread on up to 8 warps a row: 7168x16384, 14336x4096, 4096x14336, 18432x7168,
# 7168x2048x4; and 4096x4096x2, whose bf16 loop at L > 1 it lengthens, 656 -> 665 SASS) and two it
# leaves as lane.patch has them (8192x28672: 2 x 14; 4096x4096: 1 x 4);
# then memcheck in the x16 copy (the GPU tests in the refresh run after a patch goes in, as run 471).
# Usage (device, from the repo root): bash docs/runs/run472/call.sh  (OUT: where the output goes)
# Right after run 471 on the same machine, base and lane are reused (VARIANT_REUSE).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run472
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
W16=7168x16384,14336x4096,4096x14336,18432x7168,7168x2048x4,4096x4096x2,8192x28672,4096x4096
VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 $W16" VARIANT_TAIL=10 \
  VARIANT_ORDER="base lane x16 x16 lane base" \
  timeout 420 bash scripts/device_variants.sh base= lane=%docs/runs/run471/lane.patch x16=%$R/x16.patch \
  > "$OUT/sides_w4a16.txt" 2>&1
echo "builds and W4A16 sides ${SECONDS}s" >> "$OUT/env.txt"
W=/tmp/nvfp4_variants/x16
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src timeout 60 compute-sanitizer --tool memcheck \
   --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | grep -E "ERROR SUMMARY") > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/sides_w4a16.txt" | sort -t'|' -k2,2 -s
cat "$OUT/memcheck.txt" "$OUT/env.txt"

#!/usr/bin/env bash
# Run 472 (BENCHMARKS.md item 286): shared memory reached at held addresses, held.patch (run 471's
# lane.patch, plus: the W4A16 sweep's copy of x read and written at a held 32-bit shared address,
# held() with lds128 / sts128; the tiled tile sweep's stages through a held, __isShared pointer,
# held_shared()) against the tree and lane.patch alone. scripts/ab_shapes.py 20 (write flush,
# medians, unchecked):
# (1) W4A16, fp16 / bf16 x at one column, row-major, orders base / lane / held, then reversed, on
# the shapes whose kernels held.patch changes against lane.patch (2 pieces a thread on up to 8
# warps a row: 7168x16384, 14336x4096, 4096x14336, 18432x7168, 7168x2048x4, and 4096x4096x2,
# whose bf16 loop at L > 1 it lengthens, 656 -> 665 SASS) and two it leaves as lane.patch has
# them (8192x28672: 2 x 14; 4096x4096: 1 x 4);
# (2) the tile sweep on tiled weights (lane.patch leaves it as the tree has it), orders lane /
# held / held / lane: W4A4 at 8 and 16 columns, W4A16 at 4, on 7168x16384 and 4096x4096;
# (3) memcheck in the held copy (the GPU tests in the refresh run after a patch goes in, as run 471).
# Usage (device, from the repo root): bash docs/runs/run472/call.sh  (OUT: where the output goes)
# Right after run 471 on the same machine, base and lane are reused (VARIANT_REUSE).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run472
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="base= lane=%docs/runs/run471/lane.patch held=%$R/held.patch"
W16=7168x16384,14336x4096,4096x14336,18432x7168,7168x2048x4,4096x4096x2,8192x28672,4096x4096
VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 $W16" VARIANT_TAIL=10 \
  VARIANT_ORDER="base lane held held lane base" timeout 360 bash scripts/device_variants.sh $V \
  > "$OUT/sides_w4a16.txt" 2>&1
echo "builds and W4A16 sides ${SECONDS}s" >> "$OUT/env.txt"
TILED=7168x16384,4096x4096
for cmd in "fp4 cols=8" "fp4 cols=16" "cols=4"; do
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 $TILED $cmd tiled" VARIANT_TAIL=4 \
    VARIANT_ORDER="lane held held lane" timeout 50 bash scripts/device_variants.sh $V
done > "$OUT/sides_tiled.txt" 2>&1
echo "tiled sides ${SECONDS}s" >> "$OUT/env.txt"
W=/tmp/nvfp4_variants/held
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src timeout 60 compute-sanitizer --tool memcheck \
   --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | grep -E "ERROR SUMMARY") > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
for f in sides_w4a16 sides_tiled; do
  awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/$f.txt" | sort -t'|' -k2,2 -s
done
cat "$OUT/memcheck.txt" "$OUT/env.txt"

#!/usr/bin/env bash
# Run 475 (BENCHMARKS.md item 288): the weight's global scale one per row in the kernels' fp32
# epilogue (rowscale.patch: GemvParams.weight_row_scale, read by store_sum where it reads the
# bias; the op takes weight_global_scale as [1] or [M]; NVFP4Linear's per-row path calls the op
# with it instead of scaling fp32 sums in Python). Its SASS moves the row sweep's and the tile
# sweep's loops (ptxas), so it is timed against the tree as the runs before chose it ("pick":
# PICK, default run 471's lane.patch; "rows": PICK, then rowscale.patch), scripts/ab_shapes.py 20
# (write flush, medians, unchecked), orders pick / rows / rows / pick: W4A4 at one FP4 column on
# the three task shapes and 4096x4096; the tile sweep at 8 FP4 and 4 bf16 columns; W4A16 fp16 /
# bf16 at one column on 7168x16384 and 4096x4096. Then, in the rows copy with the patch's tests:
# the per-row kernel test, the binding's error test, NVFP4Linear's per-row test, memcheck (the
# patch adds a per-row case to each bias case), and run 473's per_row.py (30 reps: per-row
# against one scale, now in the epilogue).
# Usage (device, from the repo root): bash docs/runs/run475/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run475
PICK=${PICK:-docs/runs/run471/lane.patch}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
echo "pick: $PICK" >> "$OUT/env.txt"
V="pick=%$PICK rows=%$PICK,$R/rowscale.patch"
{
  VARIANT_CMD="scripts/ab_shapes.py 20 7168x16384,4096x7168x8,7168x2048x4,4096x4096 fp4" VARIANT_TAIL=6 \
    VARIANT_ORDER="pick rows rows pick" timeout 260 bash scripts/device_variants.sh $V
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 7168x16384,4096x4096 fp4 cols=8" VARIANT_TAIL=4 \
    VARIANT_ORDER="pick rows rows pick" timeout 50 bash scripts/device_variants.sh $V
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 7168x16384,4096x4096 cols=4" VARIANT_TAIL=4 \
    VARIANT_ORDER="pick rows rows pick" timeout 50 bash scripts/device_variants.sh $V
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 7168x16384,4096x4096" VARIANT_TAIL=6 \
    VARIANT_ORDER="pick rows rows pick" timeout 60 bash scripts/device_variants.sh $V
} > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
W=/tmp/nvfp4_variants/rows
cp -r tests scripts docs "$W/" && (cd "$W" && git apply --include='tests/*' --include='scripts/*' "$OLDPWD/$R/rowscale.patch")
(cd "$W" && export NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src PYTHONUNBUFFERED=1
 timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
   -k "per_row or bad_inputs" 2>&1 | grep -E "passed|failed|FAILED|Error" | tail -n 6
 timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
   | grep -E "ERROR SUMMARY" | tail -n 1
 timeout 90 python3 docs/runs/run473/per_row.py 30 2>&1) > "$OUT/rows.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
cat "$OUT/rows.txt" "$OUT/env.txt"

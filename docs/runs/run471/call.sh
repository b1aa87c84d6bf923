#!/usr/bin/env bash
# Run 471 (BENCHMARKS.md item 285): the thread index held in a register, two forms against the tree:
# lane.patch (thread_index() for the lane in every sweep_kernel but the 2-piece one of 7 warps, and
# in sweep16_kernel at one column) and tid.patch (the whole index in sweep_kernel where its launch
# bounds leave 80 registers or more, the lane alone in its 1-piece kernels of 7 warps, neither in the
# 2 x 7; sweep16_kernel as lane.patch),
# with run 469's noepi diagnostic (the epilogue of sweep_kernel and of sweep16_kernel deleted, no
# output) as the bound. scripts/ab_shapes.py 20 (write flush, medians, unchecked):
# (1) W4A4 at one FP4 column, the five shapes of runs 469-470 and 4096x14336 (its 2 x 7 kernel is
# left as it is by both patches: a control), orders base / lane / tid / noepi, then reversed;
# (2) W4A16 (fp16 / bf16 x, one column) on issue 5's two gap shapes and two layers, orders
# base / lane / noepi / noepi / lane / base; (3) in the copy of the patch that wins (1): memcheck.
# The GPU tests run in the refresh run after a patch goes in (they took 123-160 s in runs 457 and
# 459 and had not finished in 200 s in run 468's copy: the 140 s this call first gave them would
# have cut them off).
# Usage (device, from the repo root): bash docs/runs/run471/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run471
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
NOEPI='/sweep_epilogue(p, red, r_end - r_begin, group_warps, cta_threads, kIntAccLog2,/{N;d};/sweep_epilogue<kCols>(p, red, cta_rows/{N;N;d}'
FP4=7168x16384,4096x7168x8,7168x2048x4,14336x4096,4096x4096,4096x14336
VARIANT_CMD="scripts/ab_shapes.py 20 $FP4 fp4" VARIANT_TAIL=10 \
  VARIANT_ORDER="base lane tid noepi noepi tid lane base" \
  timeout 260 bash scripts/device_variants.sh base= lane=%$R/lane.patch tid=%$R/tid.patch "noepi=$NOEPI" \
  > "$OUT/sides_fp4.txt" 2>&1
echo "builds and W4A4 sides ${SECONDS}s" >> "$OUT/env.txt"
W16=7168x16384,8192x28672,4096x4096,14336x4096
VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 $W16" VARIANT_TAIL=10 \
  VARIANT_ORDER="base lane noepi noepi lane base" \
  timeout 100 bash scripts/device_variants.sh base= lane=%$R/lane.patch "noepi=$NOEPI" > "$OUT/sides_w4a16.txt" 2>&1
echo "W4A16 sides ${SECONDS}s" >> "$OUT/env.txt"
# The patch whose W4A4 medians sum lower over both of its sides ("lane" on a tie).
WIN=$(awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{t[side]+=$NF} END{print (t["tid"] < t["lane"]) ? "tid" : "lane"}' \
  "$OUT/sides_fp4.txt")
echo "memcheck in the $WIN copy" >> "$OUT/env.txt"
W=/tmp/nvfp4_variants/$WIN
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src timeout 60 compute-sanitizer --tool memcheck \
   --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | grep -E "ERROR SUMMARY") > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
for f in sides_fp4 sides_w4a16; do
  awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/$f.txt" | sort -t'|' -k2,2 -s
done
cat "$OUT/memcheck.txt" "$OUT/env.txt"

#!/usr/bin/env bash
# Run 469 (BENCHMARKS.md item 283, and the final tree's GPU tests): (1) the W4A4 row sweep without
# its epilogue ("noepi": sweep_kernel's sweep_epilogue call deleted by sed, so no barrier, no reads
# of the warps' sums, no output; the loop, its butterflies and shared stores kept) against the tree,
# scripts/ab_shapes.py 20 (W4A4 at one FP4 column, write flush, medians, unchecked) in the orders
# base / noepi / noepi / base; (2) in the tree's own copy: compute-sanitizer memcheck on
# scripts/memcheck_cases.py (with item 282's bias and global-scale cases). The GPU tests are left
# out to fit the session's device time (the kernels' source unchanged since run 459's 958 passed).
# Usage (device, from the repo root): bash docs/runs/run469/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SHAPES=7168x16384,4096x7168x8,7168x2048x4,14336x4096,4096x4096
NOEPI='/sweep_epilogue(p, red, r_end - r_begin, group_warps, cta_threads, kIntAccLog2,/{N;d}'
VARIANT_CMD="scripts/ab_shapes.py 20 $SHAPES fp4" VARIANT_TAIL=10 VARIANT_ORDER="base noepi noepi base" \
  timeout 300 bash scripts/device_variants.sh base= "noepi=$NOEPI" > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
W=/tmp/nvfp4_variants/base
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src timeout 60 compute-sanitizer --tool memcheck \
   --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | grep -E "ok bias|ERROR SUMMARY") > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
cat "$OUT/memcheck.txt" "$OUT/env.txt"

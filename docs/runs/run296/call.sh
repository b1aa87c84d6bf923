#!/usr/bin/env bash
# Run 296 (BENCHMARKS.md item 192): where the tile sweep's warps stall (ncu PC sampling, one launch
# of sweep8_kernel on 7168x16384 N = 8, FP4 x, row-major, the tree's kernel; the clock not locked).
# Items 191-192 found each warp's path from barrier to barrier setting the pace; this says where on
# that path the samples fall (the loop's top wait and barrier, the stage's shared loads, the mma,
# the decode's issue).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
CASE="7168 16384 1 8 fp4" KERNEL=sweep8_kernel bash scripts/ncu_source.sh sweep8 2>&1 | tail -n 60 | tee "$OUT/stalls.txt"
gzip -f "$OUT/sweep8_source.csv"
rm -f "$OUT/sweep8.ncu-rep"

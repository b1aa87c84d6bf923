#!/usr/bin/env bash
# Run 460 (BENCHMARKS.md item 277, prepared): the band sweep on clusters of up to 3 CTAs
# (cluster3.patch; its src part, cluster3_src.patch, for the copies: band16_cluster takes the c in
# 1..3 that leaves a CTA the fewest tile slots a warp, the fewer CTAs on a tie; clusters of 3 where
# K is no multiple of 2048 or a multiple of 6144) against the tree as it is. First the occupancy
# probe (scripts/cluster_occupancy.cu: do 132 clusters of 3 fit?) while both copies build in
# parallel (scripts/device_variants.sh); then
# docs/runs/run444/ab444.py 20 (W4A16 at one column, tiled and row-major, fp16 / bf16 x) and
# docs/runs/run456/ab456.py 20 (W4A4 at one FP4 column, tiled and row-major, and dynamic) in the
# orders base / c3 / c3 / base, and W4A4 at K no multiple of 2048 forced onto the band sweep
# (NVFP4_GEMV_BAND16=1) against the integer row tiles it takes unforced. Unchecked timings: run 461
# runs the GPU tests on the patched tree.
# Usage (device, from the repo root): bash docs/runs/run460/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run460
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
(nvcc -O3 -std=c++17 -arch=sm_90a -Isrc/nvfp4_gemv/csrc -o /tmp/co scripts/cluster_occupancy.cu && /tmp/co) \
  > "$OUT/occupancy.txt" 2>&1 &
# Clusters of 3 under the patch (W4A16; the last three W4A4 too): K no multiple of 2048, or one of 6144.
AFFECTED=13824x5120,4096x11008,3584x18944,27648x5120,1000x18944,4096x12288,8192x12288,2048x24576
CONTROLS=2048x7168,7168x16384,5120x13824,18432x7168,14336x4096
VARIANT_CMD="$PWD/docs/runs/run444/ab444.py 20 $AFFECTED,$CONTROLS" VARIANT_TAIL=20 \
  VARIANT_ORDER="base c3 c3 base" timeout 300 \
  bash scripts/device_variants.sh base= c3=%$R/cluster3_src.patch > "$OUT/sides.txt" 2>&1
wait
echo "builds, occupancy and W4A16 sides ${SECONDS}s" >> "$OUT/env.txt"
FP4_SHAPES=4096x12288,8192x12288,2048x24576,7168x16384,4096x4096,13824x5120,4096x11008,3584x18944
VARIANT_REUSE=1 VARIANT_CMD="$PWD/docs/runs/run456/ab456.py 20 $FP4_SHAPES" \
  VARIANT_TAIL=10 VARIANT_ORDER="base c3 c3 base" timeout 150 \
  bash scripts/device_variants.sh base= c3=%$R/cluster3_src.patch > "$OUT/sides_fp4.txt" 2>&1
echo "W4A4 sides ${SECONDS}s" >> "$OUT/env.txt"
# W4A4 at K no multiple of 2048 takes the integer row tiles (band16_pays); forced onto the band sweep
# (NVFP4_GEMV_BAND16=1), does it beat them on clusters of 3 (c3) where it lost on 1 (base, run 456)?
VARIANT_REUSE=1 VARIANT_CMD="$PWD/docs/runs/run456/ab456.py 20 13824x5120,4096x11008,3584x18944" \
  VARIANT_ENVS="NVFP4_GEMV_BAND16=1" VARIANT_TAIL=6 VARIANT_ORDER="base c3 c3 base" timeout 80 \
  bash scripts/device_variants.sh base= c3=%$R/cluster3_src.patch > "$OUT/sides_fp4_forced.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/occupancy.txt" | grep -i "band\|SMs"
for f in sides sides_fp4 sides_fp4_forced; do
  awk '/^== /{side=$2} /^[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/$f.txt" | sed 's/ | \[.*$//' | sort -t'|' -k2,2 -s
done
grep -o "\[.*\]$" "$OUT/sides.txt" | sort | uniq -c; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 334 (BENCHMARKS.md item 214): CTA timelines of the W4A16 row sweep (bf16 and fp16 x, one
# column) and of the floor on the same bytes (.variants/tl16 = the tree's gemv_kernels.cu with
# tl16.patch; timeline.py), issue 5's N = 1 gap (1.09-1.32x): 7168x16384, 4096x14336, 4096x4096,
# 14336x4096. Predicted: unlike the W4A4 sweep (item 209), the rows after the first come slower
# than the floor's pace (the W4A16 loop is bound by its instructions, 87 SASS per 32 values), most
# on 4096x14336 (1.32x).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/src_tl16 && cp -r src /tmp/src_tl16 && cp .variants/tl16/gemv_kernels.cu /tmp/src_tl16/nvfp4_gemv/csrc/
export PYTHONPATH=/tmp/src_tl16 NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl16
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
for s in "7168 16384 1" "4096 14336 1" "4096 4096 1" "14336 4096 1"; do
  for act in bf16 fp16; do
    timeout 90 python3 docs/runs/run334/timeline.py $s 3 $act 2>&1 | grep -v -i warn
  done
done > "$OUT/timeline.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v "entry  \|loop end 1st" "$OUT/timeline.txt"; tail -2 "$OUT/env.txt"

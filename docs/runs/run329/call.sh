#!/usr/bin/env bash
# Run 329 (BENCHMARKS.md item 209): CTA timelines of the W4A4 row sweep and of the stream floor
# (docs/runs/run329/timeline.py, build .variants/tl = the tree's gemv_kernels.cu with tl.patch).
# Predicted: the sweep's first row lands ~1.5-2.5 us after entry, its exits spread ~1-2 us wider
# than the floor's, so that the gap to the floor is mostly start and tail, not the per-row pace.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/src_tl && cp -r src /tmp/src_tl && cp .variants/tl/gemv_kernels.cu /tmp/src_tl/nvfp4_gemv/csrc/
export PYTHONPATH=/tmp/src_tl NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
for s in "7168 16384 1" "4096 7168 8" "7168 2048 4" "14336 4096 1" "4096 4096 1"; do
  timeout 90 python3 docs/runs/run329/timeline.py $s 3 2>&1 | grep -v -i warn
done > "$OUT/timeline.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/timeline.txt"; tail -2 "$OUT/env.txt"

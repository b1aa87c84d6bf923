#!/usr/bin/env bash
# Run 370 (BENCHMARKS.md item 232's follow-up): CTA timelines of the one-column W4A16 sweep after
# item 231, fp16 against bf16 x: the tree plus docs/runs/run364/tl16.patch (the timeline stamps:
# %globaltimer at each sweep16 CTA's entry, first row pair's dot products, first and last warp's
# loop end and exit, and the floor's; a diagnostic printf build, its times perturbed by the printf),
# scripts/sweep_timeline.py M K 1 3 fp16|bf16 on 4096x4096 (one piece on 4 warps), 7168x2048 (one
# on 2), the lm_head (2 pieces on 2) and 7168x16384 (2 on 8). Where does bf16's remaining 0.3-0.5
# us go now? At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run370/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_tl && mkdir -p /tmp/tree_tl && cp -r src scripts tests docs /tmp/tree_tl/ && cd /tmp/tree_tl &&
  patch -p1 < docs/runs/run364/tl16.patch >> "$OUT/env.txt" || exit 1
export PYTHONPATH=/tmp/tree_tl/src NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl
python3 -m nvfp4_gemv build > /tmp/build_tl.log 2>&1 || { tail -20 /tmp/build_tl.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
for shape in "4096 4096" "7168 2048" "151936 4096" "7168 16384"; do
  for act in fp16 bf16; do
    timeout 60 python3 scripts/sweep_timeline.py $shape 1 3 $act 2>&1 | grep -v -i warn
  done
done > "$OUT/timelines.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "^==|first row|exit|a row after|gemv call 2" "$OUT/timelines.txt" | grep -v floor | cut -c1-90 | head -80
tail -n 1 "$OUT/env.txt"

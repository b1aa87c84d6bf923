#!/usr/bin/env bash
# Run 364 (BENCHMARKS.md item 229): where bf16 x loses its 1-2.5 us to fp16 x on the W4A16 row
# sweep at one column: CTA timelines (scripts/sweep_timeline.py) on a diagnostic build,
# .variants/tl16/gemv_kernels.cu (the tree's kernels with run 334's tl16.patch stamps ported:
# each sweep16 CTA's entry, first row pair's dot products, first / last warp's loop end, exit;
# the floor's entry and exit), NVFP4_GEMV_PRESCALE=0, on the lm_head, 18432x7168 and 7168x16384,
# fp16 then bf16 x. (carry: .variants)
# Usage (device, from the repo root): bash docs/runs/run364/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 NVFP4_GEMV_PRESCALE=0
SECONDS=0
rm -rf /tmp/tree_tl && mkdir -p /tmp/tree_tl && cp -r src scripts tests /tmp/tree_tl/ &&
  cp .variants/tl16/gemv_kernels.cu /tmp/tree_tl/src/nvfp4_gemv/csrc/gemv_kernels.cu
cd /tmp/tree_tl
export PYTHONPATH=/tmp/tree_tl/src NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl
python3 -m nvfp4_gemv build > /tmp/build_tl.log 2>&1 || { tail -20 /tmp/build_tl.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
for shape in "151936 4096" "18432 7168" "7168 16384"; do
  for act in fp16 bf16; do
    timeout 60 python3 scripts/sweep_timeline.py $shape 1 3 $act 2>&1 | grep -v -i warn
  done
done > "$OUT/timelines.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v "floor call [01]" "$OUT/timelines.txt" | cut -c1-70 | head -150
tail -n 1 "$OUT/env.txt"

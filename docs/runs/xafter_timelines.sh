#!/usr/bin/env bash
# Prepared in the forty-sixth session as run 366, not run (its device time ran out; BENCHMARKS.md
# item 229e's next step; the forty-seventh session measured item 231 first): CTA timelines of
# 23983f8's form (x's loads after the weights', which run 365 timed slower): the tree plus docs/runs/run365/x_after_weights.patch
# plus docs/runs/run364/tl16.patch (the timeline stamps), scripts/sweep_timeline.py on the lm_head
# and 18432x7168, fp16 and bf16 x, NVFP4_GEMV_PRESCALE=0; compare with run 364's timelines.
# Usage (device, from the repo root): bash docs/runs/xafter_timelines.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 NVFP4_GEMV_PRESCALE=0
SECONDS=0
rm -rf /tmp/tree_xt && mkdir -p /tmp/tree_xt && cp -r src scripts tests docs /tmp/tree_xt/ && cd /tmp/tree_xt &&
  patch -p1 < docs/runs/run365/x_after_weights.patch > /dev/null && patch -p1 < docs/runs/run364/tl16.patch > /dev/null || exit 1
export PYTHONPATH=/tmp/tree_xt/src NVFP4_GEMV_CACHE_DIR=/tmp/cache_xt
python3 -m nvfp4_gemv build > /tmp/build_xt.log 2>&1 || { tail -20 /tmp/build_xt.log; exit 1; }
echo "build ${SECONDS}s"
for shape in "151936 4096" "18432 7168"; do
  for act in fp16 bf16; do
    timeout 40 python3 scripts/sweep_timeline.py $shape 1 2 $act 2>&1 | grep -v -i warn
  done
done > "$OUT/timelines.txt"
echo "all done ${SECONDS}s"
grep -E "^==|gemv call 1|first row|exit|a row after" "$OUT/timelines.txt" | grep -v "floor" | cut -c1-70

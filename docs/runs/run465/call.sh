#!/usr/bin/env bash
# Run 465 (BENCHMARKS.md item 279, prepared): the W4A4 row sweep with its scales staged by bulk
# copies into shared memory (staged.patch: sweep_kernel's kStagedScales instances, chosen at launch
# where they fit, NVFP4_GEMV_STAGED=0 turning them off) against its 2-byte scale loads, in one
# build of the patched tree: scripts/ab_shapes.py 20 (W4A4 at one FP4 column, write flush, medians,
# unchecked) with the switch off / on / on / off, after docs/runs/run462/outputs.py with the switch
# off and on (SHA-256 of each output, fp32 out: the same scale bytes, so the same bits). apply.sh
# picks the patch: staged.patch on a tree without item 278's quad.patch (made against beee913),
# staged_on_quad.patch on one with it (the same change merged with quad.patch's rows_step; made
# 2026-12-05 in the sixty-fourth session). Its GPU tests: run 466.
# Usage (device, from the repo root): bash docs/runs/run465/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache465
SECONDS=0
P=$(bash docs/runs/run465/apply.sh) || exit 1
echo "applied $P" > "$OUT/patch.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build465.log 2>&1 || { tail -n 20 /tmp/build465.log; git apply -R $P; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
# The outputs first (a wrong barrier would hang here, within the timeout, before any timing).
NVFP4_GEMV_STAGED=0 timeout 120 python3 docs/runs/run462/outputs.py > "$OUT/outputs_off.txt" 2>&1
timeout 120 python3 docs/runs/run462/outputs.py > "$OUT/outputs_on.txt" 2>&1
echo "outputs ${SECONDS}s" >> "$OUT/env.txt"
# Staged where the CTA's sums, barriers and scale rows fit 48 KB: the task shapes and the layers
# below; not the lm_head (98 KB of scales a CTA) nor 8192x28672 (55 KB): the controls.
SHAPES=7168x16384,4096x7168x8,7168x2048x4,14336x4096,4096x4096,2048x7168,7168x2048,4096x14336,151936x4096,8192x28672
for side in off on on off; do
  echo "== $side" >> "$OUT/sides.txt"
  if [ $side = off ]; then
    NVFP4_GEMV_STAGED=0 timeout 120 python3 scripts/ab_shapes.py 20 $SHAPES floors fp4 >> "$OUT/sides.txt" 2>&1
  else
    timeout 120 python3 scripts/ab_shapes.py 20 $SHAPES floors fp4 >> "$OUT/sides.txt" 2>&1
  fi
done
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
git apply -R $P
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/sides.txt" | sed 's/ | \[[^]]*\]//' | sort -t'|' -k2,2 -s
python3 - "$OUT/outputs_off.txt" "$OUT/outputs_on.txt" <<'PY'
import sys
def digests(path):
    return {" ".join(l.split()[:2]): (l.split()[-1], l.split("|")[2].strip()) for l in open(path) if l.count("|") == 3}
off, on = digests(sys.argv[1]), digests(sys.argv[2])
for case in off:
    same = case in on and on[case][0] == off[case][0]
    print(f"{case}: {'same bytes' if same else 'DIFFERENT'} | off {off[case][1]} | on {on.get(case, ('', 'missing'))[1]}")
PY
cat "$OUT/patch.txt" "$OUT/env.txt"

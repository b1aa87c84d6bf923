#!/usr/bin/env bash
# Run 482: which part of 812ff54 moved the one-column W4A16 sweep, and does undoing it pay? Run 479
# (H200) timed W4A16 bf16 row-major 0.2-1.7 us slower than run 457 (the kernels before 812ff54);
# run 480 (H100) timed the two builds even. On the CPU (BENCHMARKS.md, the seventy-first session),
# sass_compare.py found the sweep16 loads issued later after 812ff54, and that item 285's lane from
# thread_index() in sweep16_kernel is what moved them: without it (w16lane.patch; items 286, 288
# kept) the one-piece and <2, 14> kernels' SASS is 0e49e84's again and <2, 7>'s lag 97 against 89
# (812ff54: 214). Four copies built in parallel: old (src/ as of 0e49e84, run 480's
# before812.patch), new (the tree), w16lane (the tree, sweep16's lane from threadIdx.x again) and
# xplain (the tree, sweep16's copy of x through held_shared plain accesses instead of lds128 /
# sts128: lags between the two). scripts/ab_shapes.py (write flush, medians, unchecked):
# (1) W4A16 fp16 / bf16 at one column, row-major, six layers, 20 reps, old new w16lane xplain and
#     back; (2) 30 reps on the lm_head, 7168x16384, 4096x14336 in another order.
# Runs on any GPU (its name is in env.txt); the question is the H200's, an H100's answer says
# whether w16lane costs or pays there.
# Usage (device, from the repo root): bash docs/runs/run482/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
D=docs/runs/run482
V="old=%docs/runs/run480/before812.patch new= w16lane=%$D/w16lane.patch xplain=%$D/x_plain.patch"
ab() {  # ab LIMIT_S "ORDER" ARGS...: ab_shapes.py in each copy named in ORDER
  local limit=$1 order=$2; shift 2
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py $*" VARIANT_TAIL=8 VARIANT_ORDER="$order" \
    timeout "$limit" bash scripts/device_variants.sh $V
}
{
  VARIANT_CMD="-c pass" timeout 200 bash scripts/device_variants.sh $V  # the four builds, in parallel
  echo "== builds done ${SECONDS}s"
  ab 120 "old new w16lane xplain xplain w16lane new old" 20 \
    151936x4096,7168x16384,4096x14336,2048x7168,14336x4096,4096x4096
  echo "== stage 1 done ${SECONDS}s"
  ab 120 "w16lane new old xplain old new w16lane xplain" 30 151936x4096,7168x16384,4096x14336
  echo "== stage 2 done ${SECONDS}s"
} > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
grep -E "done|built" "$OUT/sides.txt"; cat "$OUT/env.txt"

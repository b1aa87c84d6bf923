#!/usr/bin/env bash
# Run 484: does item 285's held lane pay in the W4A4 sweep on the H200? Run 476 (H100) timed it
# 0.2 us faster on W4A4 7168x16384; run 479 (H200) found the W4A4 layers 0-0.6 us faster than run
# 457 (another day); in the W4A16 sweep the same change cost the H200 0.1-1.9 us side by side
# (run 482, item 289) while the H100 had timed it even, so the H100's answer does not carry over.
# Three copies built in parallel: old (src/ as of 0e49e84, before 812ff54: before812.patch here),
# new (the tree: sweep_kernel's lane from thread_index() except the 2-piece kernel of 7 warps) and
# w4lane (the tree with sweep_kernel's lane from threadIdx.x everywhere: w4lane.patch).
# scripts/ab_shapes.py fp4 (write flush, medians, unchecked): (1) the task's shapes and four
# layers, 20 reps, old new w4lane w4lane new old; (2) 30 reps on the task's shapes, another order.
# H200 only: on any other GPU it writes "not an H200 (NAME)" to env.txt and stops.
# Usage (device, from the repo root): bash docs/runs/run484/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
D=docs/runs/run484
V="old=%$D/before812.patch new= w4lane=%$D/w4lane.patch"
ab() {  # ab LIMIT_S "ORDER" ARGS...: ab_shapes.py in each copy named in ORDER
  local limit=$1 order=$2; shift 2
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py $*" VARIANT_TAIL=8 VARIANT_ORDER="$order" \
    timeout "$limit" bash scripts/device_variants.sh $V
}
{
  VARIANT_CMD="-c pass" timeout 200 bash scripts/device_variants.sh $V  # the three builds, in parallel
  echo "== builds done ${SECONDS}s"
  ab 150 "old new w4lane w4lane new old" 20 \
    7168x16384,4096x7168x8,7168x2048x4,4096x4096,7168x2048,14336x4096,151936x4096 fp4
  echo "== stage 1 done ${SECONDS}s"
  ab 120 "new w4lane old old w4lane new" 30 7168x16384,4096x7168x8,7168x2048x4 fp4
  echo "== stage 2 done ${SECONDS}s"
} > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
grep -E "done|built" "$OUT/sides.txt"; cat "$OUT/env.txt"

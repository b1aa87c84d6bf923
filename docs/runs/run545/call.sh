#!/usr/bin/env bash
# Run 545 (eighty-fifth session; branch w4a16-batched-sweep): item 332, the W4A16 sweep at L > 1
# wherever 2 pieces a thread fit 8 warps (K <= 16384), not only where the W4A4 2-or-4 rule gives 2
# pieces (sweep_pieces_2_or_4, run 212's measure on the sweep of then: 4096x7168x8 47.0-47.3 /
# 47.8-48.0 us against the row tiles' 46.5-46.8 / 47.6). The sweep's loop has since lost ~70 SASS
# a pair (items 221-289) and the row tiles run 4096x7168x8 bf16 at 1.20x the floor (run 543, H100;
# 1.27x on the H200, run 483). Here, on one build: the rule (new) against NVFP4_GEMV_SWEEP16=0
# (old: the row tiles, which the old rule also gave every shape below), old / new / new / old,
# fp16 and bf16 x, floors. Before that the W4A16 GPU tests and memcheck on the new rule.
# Predicted: tests pass, memcheck 0 errors; 4096x7168x8 2-4 us faster (bf16 61.8 -> 57-59 on an
# H100), the other L > 1 shapes 1-3 us faster; if any shape is slower by more than 0.3 us, the rule
# needs its bound, not this form.
# Usage (device, from the repo root): bash docs/runs/run545/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
{ timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'w4a16 or sweep16' 2>&1 | tail -n 3
  echo "tests ${SECONDS}s"
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python3 scripts/memcheck_cases.py 2>&1 | tail -n 2
  echo "memcheck exit $? (${SECONDS}s)"; } > "$OUT/tests.txt" 2>&1
cat "$OUT/tests.txt"
A=4096x7168x8,4096x14336x4,7168x16384x2,14336x4096x2
B=4096x4096x8,8192x8192x2,2048x7168x8,1024x16384x8
old() { echo "-- shape old (NVFP4_GEMV_SWEEP16=0)"; NVFP4_GEMV_SWEEP16=0 ab_side new "$@"; }
new() { echo "-- shape new (the rule)"; ab_side new "$@"; }
{ for s in old new new old; do $s $A floors; $s $B floors; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-130

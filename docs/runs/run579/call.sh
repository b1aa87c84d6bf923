#!/usr/bin/env bash
# Run 579 (ninety-fourth session), item 343: the one-column W4A16 row sweep on 24 warps an SM.
# Item 342: its scale multiplies are not what W4A16's 1-2 us over W4A4 is; W4A4's row sweep runs 24
# warps an SM (3 CTAs of 8), the W4A16 one 16 (2 CTAs of 8 with fp16 x, one of 16 with bf16 x),
# because with two row pairs in flight a thread it spilled at 3 CTAs an SM (item 160, when x was
# still in registers). Since x went to shared memory (item 221), one pair in flight fits 80
# registers: "new" (three.patch) runs the 2-piece one-column kernels of up to 8 warps a row that
# are not paired (fp16 x at L = 1, and both x at L > 1) at 3 CTAs an SM with one row pair in flight
# (48 KB an SM, against 2 pairs on 16 warps: 64 KB), 79-80 registers, no spills, 322-332 SASS a
# pair (329 before). bf16 x at L = 1 (one CTA of 16 warps) is unchanged: the control. "old":
# before.patch takes it back. (1) the W4A16 GPU tests on new; (2) scripts/ab_shapes.py 20, old /
# new / new / old, fp16 and bf16 x, unchecked; then the floors.
# Predicted (written before the run): (1) all pass; (2) fp16 0.3-1 us faster on 7168x16384,
# 4096x14336, 14336x4096 and the task's L > 1 shapes (fp16 and bf16), the lm_head 0.5-2; bf16 at L
# = 1 and 8192x28672 (14 warps a row: one CTA, unchanged) within 0.2.
# Usage (device, from the repo root): bash docs/runs/run579/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run579/before.patch
source scripts/device_call_setup.sh
(timeout 120 python3 -m pytest -q -p no:cacheprovider -k "w4a16 or sweep16" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
 echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
S=7168x16384,4096x14336,14336x4096,151936x4096,4096x7168x8,7168x2048x4,8192x28672
{ for v in old new new old; do ab_side $v $S; done; ab_side new $S floors; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt"

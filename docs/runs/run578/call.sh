#!/usr/bin/env bash
# Run 578 (ninety-fourth session), item 342, a diagnostic: how much of the W4A16 row sweep's time is
# its block-scale multiplies? Its hot loop (sm_90a, 2 pieces on 8 warps) is 657 SASS a step, 128 of
# them HMUL2 (the decoded weights times their E4M3 block scales, in fp16, before the mma: 16 a row's
# 32 values). "new" (nohmul.patch): scaled_word_pair scales one half2 of each word, not four (wrong
# sums, not checked; every load kept): 562 SASS a step (82 -> 70 a row's 32 values). "old":
# before.patch takes it back (main). Timed unchecked, scripts/ab_shapes.py 20 (fp16 and bf16 x), old /
# new / new / old, then the floors once. A layout that applied the scales after the mma in fp32 (each
# D entry one block's dot; BENCHMARKS.md item 342) could at best take this much off.
# Predicted (written before the run): 7168x16384 and 8192x28672 0.5-1.5 us faster (8192x28672's
# 14-warp kernel now spills 4 bytes: less there), 4096x14336 and 14336x4096 0.3-0.8, the lm_head
# 1-3, 4096x4096 and 2048x7168 0-0.3.
# Usage (device, from the repo root): bash docs/runs/run578/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run578/before.patch
source scripts/device_call_setup.sh
S=7168x16384,8192x28672,4096x14336,14336x4096,151936x4096,4096x4096,2048x7168
{ for v in old new new old; do ab_side $v $S; done; ab_side new $S floors; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/sides.txt"

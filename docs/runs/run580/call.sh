#!/usr/bin/env bash
# Run 580 (ninety-fourth session), item 343 continued. Run 579 (H100): the 2-piece one-column W4A16
# sweep of up to 8 warps a row at 3 CTAs an SM with one row pair in flight (24 warps, 48 KB an SM)
# ran fp16 x 0-0.7 us faster and bf16 x at L > 1 0.4-0.8 faster than at 2 CTAs with two pairs (16
# warps, 64 KB); bf16 x at L = 1 (one CTA of paired groups sharing x's conversion) was left as it
# was. "new" (three.patch): run 579's change, and bf16 x at L = 1 in one CTA of three times the
# groups (24 warps of 8-warp groups, 21 of 7, 24 of 2 ...), one pair in flight: 79-80 registers, no
# spills, 326-339 SASS a pair. "old": before.patch takes it back (main). (1) the W4A16 GPU tests on
# new; (2) scripts/ab_shapes.py 20, old / new / new / old, fp16 and bf16 x, unchecked; the floors.
# Predicted (written before the run): (1) all pass; (2) fp16 and bf16 at L > 1 as run 579 (0-0.8
# faster); bf16 at L = 1 0.3-1 us faster on 7168x16384, 4096x14336 and the lm_head, 14336x4096
# within 0.3; 8192x28672 (14 warps a row, unchanged) within 0.2.
# Usage (device, from the repo root): bash docs/runs/run580/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run580/before.patch
source scripts/device_call_setup.sh
(timeout 120 python3 -m pytest -q -p no:cacheprovider -k "w4a16 or sweep16 or bf16" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
 echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
S=7168x16384,4096x14336,14336x4096,151936x4096,4096x7168x8,7168x2048x4,8192x28672
{ for v in old new new old; do ab_side $v $S; done; ab_side new $S floors; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt"

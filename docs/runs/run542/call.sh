#!/usr/bin/env bash
# Run 542 (eighty-fourth session): item 330, the tile sweep's rule after item 329 (run 541): fp16
# x takes 2 chunks wherever a 4-chunk CTA would load more than 64 KB of x (8 columns at K >= 4096,
# 5..7 at K = 7168), and single CTAs of 4 chunks over several rounds need 30% less modeled work
# than 2 (was 20%: K = 6144's, at 0.75, now take 2 on clusters of 2 with every x). "old":
# before.patch takes the rule back. GPU tests of the tile sweep, its tiled format and NVFP4Linear
# (their shape assertions follow the new rule), then scripts/ab_shapes.py 20 (unchecked, us) old /
# new / new / old where the rule changed and run 541 did not time it: fp16 x at 5..7 columns on
# 2048x7168, 1536x7168, 2048x6144 (bf16 x: unchanged, the control), and K = 6144 over several
# rounds (4096x6144, 8000x6144, 14336x6144, 18432x6144) with FP4 x at 8 columns and fp16 / FP4 x
# at 4. Predicted: tests pass; fp16 x at 5..7 columns even to 0.5 us faster (between run 541's N
# = 4, where 4 chunks won by 0.4-1.1, and N = 8, where 2 won by 0.1-1.3); K = 6144 FP4 x even to
# 0.6 faster (run 516's 4096x6144 0.6, run 541's 8000x6144 even), fp16 x at 4 columns 0.5-0.8.
# Ran on 16946f5 (item 330's first form: 64 KB, 30% everywhere), H100, 2026-12-06 ~15:50 UTC;
# output in out/. Tests 290 passed. Half right: K = 6144 at 4, 7 and 9 rounds 0.2-2.8 us faster
# on 2 chunks (18432x6144 FP4 x N = 8 35.9-36.0 -> 33.1-33.4), at 2 rounds (4096x6144) 0.5-0.8
# slower; fp16 x at 5..7 columns on 2 chunks 0.3-0.4 faster only at 2048x7168 N = 7, else even to
# 1.0 slower (1536x7168 N = 5 10.4-10.5 -> 11.4). Item 330's taken form (96 KB; 20% over two
# rounds, 30% over more) takes, on every shape here, the side that timed faster or even, but
# 1536x7168 N = 7 (2 chunks, 0.2-0.3 slower). On main the "old" patch no longer applies (its
# context changed with that form); this call ran with 16946f5's tree.
# Usage (device, from the repo root): bash docs/runs/run542/call.sh  (OUT: where the output goes)
set -uo pipefail
OLD_PATCH=docs/runs/run542/before.patch source scripts/device_call_setup.sh
{ timeout 150 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or sweep8 or tiled_sweep or linear" \
    tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
  echo "tests (${SECONDS}s)"
} > "$OUT/tests.txt" 2>&1
A=2048x7168,1536x7168,2048x6144
B=4096x6144,8000x6144,14336x6144,18432x6144
{ for v in old new new old; do
    ab_side $v $A cols=5; ab_side $v $A cols=6; ab_side $v $A cols=7
    ab_side $v $B cols=8 fp4; ab_side $v $B cols=4; ab_side $v $B cols=4 fp4
  done
} > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-110

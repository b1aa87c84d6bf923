#!/usr/bin/env bash
# Run 588 (ninety-sixth session): item 343's A/B alone, the leanest form, for an H200 that comes
# with little device time left (~390 s): the branch's src at ec3e2ec applied (run 583's
# new.patch; the old side built with before.patch), old / new / new / old on run 580's seven
# shapes, fp16 and bf16 x, then the floors. No tests: the branch's GPU suites and memcheck passed on
# an H100 (run 583); this call is for the H200's timing alone. On any other card it stops.
# Predicted (written before the run): as run 584's header says for the H200: fp16 0.2-1 us faster
# on 7168x16384, 4096x14336 and the L > 1 task shapes, the lm_head within 1 us either way, bf16 at
# L = 1 even to 0.7 faster, 8192x28672 within 0.2.
# Usage (device, from the repo root): bash docs/runs/run588/call.sh  (OUT: where the output goes;
# AB_SHAPES, a comma list, replaces the seven shapes: run 591 passes three)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] || { echo "$gpu: not an H200, nothing run"; exit 0; }
git apply docs/runs/run583/new.patch || exit 1
export OLD_PATCH=docs/runs/run583/before.patch
source scripts/device_call_setup.sh
ab_round "${AB_SHAPES:-7168x16384,4096x14336,14336x4096,151936x4096,4096x7168x8,7168x2048x4,8192x28672}"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/sides.txt"

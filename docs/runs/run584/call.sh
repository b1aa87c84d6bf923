#!/usr/bin/env bash
# Run 584 (ninety-fifth session): item 343 as the branch has it (docs/runs/run583/new.patch; its
# GPU suites and memcheck passed on an H100 in run 583), old / new / new / old, fp16 and bf16 x,
# with the floors. On an H200: run 580's seven shapes and the W4A16 GPU tests (run 583's H200 part
# without run 571's measurements, to fit the session's last ~570 s of device time). On any other
# card: six more shapes whose x-shared kernels it changes, not yet timed (2 pieces on 2-7 warps a
# row at L = 1; 4 warps at L = 4).
# Predicted (written before the run): H200: fp16 0.2-1 us faster on 7168x16384, 4096x14336 and the
# L > 1 task shapes, the lm_head within 1 us either way, bf16 at L = 1 even to 0.7 faster,
# 8192x28672 within 0.2. H100: 0.2-1 us faster on each, as runs 579-580.
# Usage (device, from the repo root): bash docs/runs/run584/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
git apply docs/runs/run583/new.patch || exit 1
export OLD_PATCH=docs/runs/run583/before.patch
source scripts/device_call_setup.sh
if [[ $gpu == *H200* ]]; then
  w4a16_tests
  S=7168x16384,4096x14336,14336x4096,151936x4096,4096x7168x8,7168x2048x4,8192x28672
else
  echo "not an H200: no tests" > "$OUT/tests.txt"
  S=8192x7168,18432x7168,5120x13824,8192x8192,28672x4096,4096x8192x4
fi
{ for v in old new new old; do ab_side $v $S; done; ab_side new $S floors; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt"

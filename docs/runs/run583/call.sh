#!/usr/bin/env bash
# Run 583 (ninety-fifth session): item 343 as it would merge (branch w4a16-24warps at ec3e2ec;
# new.patch is its src against main, before.patch takes it back). Run 582 (H100) timed the
# branch's first form slower at K = 2049..3072 (2 pieces on 2 warps at 24 warps an SM against one
# piece on 3 at 18); the branch now keeps those on one piece (sweep16_two_pieces_idle), so its
# plans differ from main's only in the x-shared kernels' CTAs an SM and row pairs in flight.
# On an H200: (1) run 571's owed measurements on main (`bash run.sh`, issue 5's items 2 and 6, the
# floor by bytes in flight), then (2) new.patch applied: the W4A16 GPU tests, and old / new / new /
# old on run 580's seven shapes, fp16 and bf16 x, with the floors. One archive back: run583.tgz.
# On any other card: new.patch applied, the GPU suites whole and memcheck (what a merge needs on
# any sm_90 card; the timings stay the H200's to give).
# Predicted (written before the run): H200 (2): fp16 0.2-1 us faster on 7168x16384, 4096x14336
# and the L > 1 task shapes, the lm_head within 1 us either way, bf16 at L = 1 even to 0.7 faster,
# 8192x28672 within 0.2. Other card: every test passes, memcheck 0 errors.
# Usage (device, from the repo root): bash docs/runs/run583/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$gpu"
D=docs/runs/run583
if [[ $gpu != *H200* ]]; then
  git apply $D/new.patch || exit 1
  exec bash scripts/device_run.sh suites
fi
OUT=${OUT:-$PWD/.out}
R=/tmp/out583
rm -rf $R && mkdir -p $R/owed $R/item343
OUT=$R/owed bash docs/runs/run571/call.sh
git apply $D/new.patch || exit 1
(export OUT=$R/item343 OLD_PATCH=$D/before.patch
 source scripts/device_call_setup.sh
 (timeout 120 python3 -m pytest -q -p no:cacheprovider -k "w4a16 or sweep16 or bf16" \
    tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
  echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
 S=7168x16384,4096x14336,14336x4096,151936x4096,4096x7168x8,7168x2048x4,8192x28672
 { for v in old new new old; do ab_side $v $S; done; ab_side new $S floors; } > "$OUT/sides.txt" 2>&1
 echo "all done ${SECONDS}s" >> "$OUT/env.txt"
 cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt")
OUT0=${OUT}
tar czf "$OUT0/run583.tgz" -C $R .

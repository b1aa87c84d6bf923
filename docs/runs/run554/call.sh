#!/usr/bin/env bash
# Run 554 (eighty-seventh session): item 335, sweep8_pays (bf16 x at two columns on the tiled
# format at K <= 2048 past 2^26 bytes: the row tiles, not the tile sweep) against the rule before it
# (old.patch: src as of item 334, b5d0034's). The GPU tests of both sweeps at 2-3 columns (-k
# 'tile_sweep or short_k': the new test asserts each case's kernel), memcheck on the two plans
# (scripts/memcheck_cases.py 60001x2048 120001x1024), then scripts/ab_shapes.py 20, new / old / old /
# new, unchecked, fp16 / bf16 x, two columns on the tiled 100000x2048, 151936x2048, 60001x2048 and
# 120001x1024 (K = 1024: inferred, never timed). Predicted: tests pass, memcheck 0 errors; bf16 x
# 1.3-2.9 us faster on the K = 2048 shapes (runs 549, 553), 120001x1024 faster too; fp16 x the
# same plan both sides (within 0.3).
# Usage (device, from the repo root): bash docs/runs/run554/call.sh  (OUT: where the output goes)
set -uo pipefail
OLD_PATCH=docs/runs/run554/old.patch
source scripts/device_call_setup.sh
{ timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'tile_sweep or short_k' 2>&1 | tail -n 3
  echo "tests ${SECONDS}s"
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python3 scripts/memcheck_cases.py 60001x2048 \
    120001x1024 2>&1 | tail -n 4
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } > "$OUT/tests.txt" 2>&1
cat "$OUT/tests.txt"
S=100000x2048,151936x2048,60001x2048,120001x1024
{ for s in new old old new; do echo "-- shape $s"; ab_side $s $S cols=2 tiled floors; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

#!/usr/bin/env bash
# Run 540 (eighty-fourth session; on branch bf16-four-chunks, which carries item 329 beneath run
# 539's change): run 539 and item 329's check in one call.
# (a) Item 329: the tile sweep's register-staged kernels on 16-byte scale rows (1-2 chunks, fp16 /
# FP4 x at 3..16 columns, bf16 x at 3..8, K % 256 == 0) lose load_tile's unreached branch of ORed
# 16-bit scale loads: hot loops 29-35 SASS shorter (sm_90a; 481-485 of 516-520 at 2 chunks).
# "old": before.patch takes it back. GPU tests of the tile sweep, its tiled format and NVFP4Linear
# under the rule; memcheck on scripts/memcheck_cases.py; then scripts/ab_shapes.py 20 (unchecked,
# us) old / new / new / old at 8 and 16 columns, fp16 / bf16 and FP4 x, on the model layers that
# take those kernels. Predicted: every test passes, memcheck 0 errors, even to 0.3 us faster.
# (b) Run 539 (prepared in the eighty-third session): bf16 x on the 4-chunk kernels, reached with
# NVFP4_GEMV_SWEEP8_SHAPE=4,1: the tile-sweep GPU tests under 4,1, racecheck and memcheck on run
# 536's sanitize cases with bf16 x under 4,1, then rule / 4,1 / 4,1 / rule on one-tile and
# several-tile shapes at 8 and 4 columns. Predicted: bf16 x N = 8 2048x7168 13.0 -> 12.5-12.8 on
# 4,1, the several-tile shapes slower (item 196's pattern).
# Ran on 86fd338 (branch bf16-four-chunks), H100, 2026-12-06 ~14:55 UTC; output in out/. On main
# (item 329 without the branch) part (b)'s 4,1 leaves bf16 x on the rule's shape: no such kernel.
# Outcome: (a) 290 + memcheck 0 errors; 0.4-1.4 us faster at 8 columns with fp16 and bf16 x
# (bf16 4096x4096 11.6-11.7 -> 10.7-10.8, 7168x16384 34.3 -> 32.9), FP4 x even to 0.5, at 16
# columns fp16 and FP4 x 0.2-0.8, bf16 x even (its 9..16 columns on the copies: a control).
# (b) 242 + racecheck / memcheck clean; bf16 x on 4 chunks 0.1-2.9 us slower everywhere (2048x7168
# N = 8 13.9 against the rule's 12.1-12.2, which item 329 made 0.9 faster): the branch is not taken.
# Usage (device, from the repo root): bash docs/runs/run540/call.sh  (OUT: where the output goes)
set -uo pipefail
OLD_PATCH=docs/runs/run540/before.patch source scripts/device_call_setup.sh
{ timeout 150 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or sweep8 or tiled_sweep or linear" \
    tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
  echo "tests, rule (${SECONDS}s)"
  timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | tail -n 2
  echo "memcheck_cases exit ${PIPESTATUS[0]} (${SECONDS}s)"
  NVFP4_GEMV_SWEEP8_SHAPE=4,1 timeout 150 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or sweep8 or tiled_sweep" \
    tests/test_gpu_kernel.py 2>&1 | grep -E "passed|failed|^FAILED" | cut -c1-200
  echo "tests 4,1 (${SECONDS}s)"
  for tool in racecheck memcheck; do
    NVFP4_GEMV_SWEEP8_SHAPE=4,1 timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 \
      python3 docs/runs/run536/sanitize.py bf16 2>&1 | tail -n 2
    echo "$tool 4,1 bf16 exit ${PIPESTATUS[0]} (${SECONDS}s)"
  done
} > "$OUT/tests.txt" 2>&1
R=4096x4096,14336x4096,7168x16384,4096x14336,7168x2048
{ for v in old new new old; do
    ab_side $v $R cols=8; ab_side $v $R cols=8 fp4; ab_side $v $R cols=16; ab_side $v $R cols=16 fp4
  done
} > "$OUT/sides.txt" 2>&1
S=2048x7168,1536x7168,2048x5120,1200x6144,8000x6144,4096x14336
{ for n in 8 4; do for f in rule 4,1 4,1 rule; do echo "-- shape $f"; shape_side $f $S cols=$n floors; done; done
} > "$OUT/shapes.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-110
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' \
  "$OUT/shapes.txt" | grep -v "^==" | cut -c1-100

#!/usr/bin/env bash
# Run 531 (BENCHMARKS.md item 325, prepared in the eighty-first session on branch scale-tail): the
# tile sweep's word kernels load a scale row's last 2 bytes (rows ending mid-word) into a register
# of their own, which store_tile writes over that word's low half in shared memory (no OR, no
# wait in the loop: sass_scoreboards finds none), so padded rows ending mid-word (K % 64 == 32) take
# them too; their hot loops 9-25 SASS shorter (the OR branch gone). "new": this tree;
# "old": before.patch takes it back (main 0d2d475). GPU tests (tile sweep, tiled, scale rows,
# NVFP4Linear, padded), memcheck on memcheck_tail.py; then scripts/ab_shapes.py 20 (unchecked, us)
# old / new / new / old on padded mid-word rows (4096x4384, 8192x16416, 5000x2080) at N = 8 FP4 and
# fp16 / bf16 and N = 16, and on padded and contiguous whole-word rows (5120x2880, 6912x1152) at N =
# 8 FP4 and N = 16 fp16 / bf16 (the word kernels changed there too). Predicted: 8192x16416 FP4 N = 8
# 53.2 -> ~42.5 (16448's 42.7, run 530b), 4096x4384 fp16 N = 16 17.0 -> ~16, whole-word rows even
# to 0.3 faster. If so, NVFP4Linear's auto rule (linear.py SWEEP_LONG_MULTIPLE) can go to 32.
# Usage (device, from the repo root): bash docs/runs/run531/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run531
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
(timeout 240 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or scale_rows or linear or padded" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
{ timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 python3 $R/memcheck_tail.py 2>&1 | tail -n 7
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } >> "$OUT/tests.txt"
MID=4096x4384,8192x16416,5000x2080
WHOLE=5120x2880,6912x1152
{ for v in old new new old; do ab_side $v $MID cols=8 fp4 padded floors; ab_side $v $MID cols=8 padded
    ab_side $v $MID cols=16 padded; done
  for v in old new new old; do ab_side $v $WHOLE cols=8 fp4 padded; ab_side $v $WHOLE cols=8 fp4
    ab_side $v $WHOLE cols=16 padded; ab_side $v $WHOLE cols=16; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' "$OUT/sides.txt" | cut -c1-110

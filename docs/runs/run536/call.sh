#!/usr/bin/env bash
# Run 536 (BENCHMARKS.md item 328, eighty-third session): the 4-chunk tile sweep (the copies
# kernels: fp16 / FP4 x at 3..8 columns where single CTAs or clusters of 2 take 4 chunks a thread)
# streams each tile as 4 units (piece u of its 16 rows, 18 KB), kUnitDepth units in flight, a
# wait and barrier a unit, so a CTA's units land in order and only the last unit's compute follows
# the stream. "new": this tree (kUnitDepth 3); "d2", "d4": the same with 2 and 4; "old":
# before.patch takes it back (main 11137d5). GPU tests (tile sweep, tiled, linear); racecheck and
# memcheck on sanitize.py; then scripts/ab_shapes.py 20 (unchecked, us) old / new / d2 / d4 / new /
# old on the one-round shapes (2048x7168, 2048x5120, 1536x7168, 1200x6144) at 8 and 4 columns and
# the multi-round ones (8000x6144, 18432x7168, 3072x5120, 999x16384) at 8, fp16 (bf16 on 2
# chunks, unchanged: a control) and FP4, and the tiled format. Predicted: 2048x7168 FP4 N = 8
# 11.6 -> ~10.3, fp16 13.3 -> ~12; multi-round shapes even to 0.5 faster (hot loop 844 -> 989 SASS a
# tile, the last tile's compute 1/4).
# (Its var_side, ab_side for the variants' trees, is ab_side itself since the setup script's
# side_paths names any /tmp/tree_NAME.)
# Usage (device, from the repo root): bash docs/runs/run536/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run536
for d in 2 4; do  # the variants, built beside old and new
  rm -rf /tmp/tree_d$d && mkdir -p /tmp/tree_d$d && cp -r src scripts pyproject.toml /tmp/tree_d$d/ &&
    sed -i "s/constexpr int kUnitDepth = 3;/constexpr int kUnitDepth = $d;/" /tmp/tree_d$d/src/nvfp4_gemv/csrc/tile_sweep.cuh &&
    (cd /tmp/tree_d$d && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_d$d python3 -m nvfp4_gemv build > /tmp/build_d$d.log 2>&1) &
done
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
wait
for d in 2 4; do { grep -c "kUnitDepth = $d;" /tmp/tree_d$d/src/nvfp4_gemv/csrc/tile_sweep.cuh; tail -n 1 /tmp/build_d$d.log; } >> "$OUT/env.txt"; done
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
(timeout 200 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or sweep8 or linear" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
 echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
for tool in racecheck memcheck; do
  { timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 python3 $R/sanitize.py 2>&1 | tail -n 14
    echo "$tool exit ${PIPESTATUS[0]} (${SECONDS}s)"; } >> "$OUT/tests.txt"
done
ONE=2048x7168,2048x5120,1536x7168,1200x6144
MULTI=8000x6144,18432x7168,3072x5120,999x16384
{ ab_side new $ONE cols=8 floors; ab_side new $ONE cols=8 fp4 floors; ab_side new $MULTI cols=8 fp4 floors
  for v in old new d2 d4 new old; do ab_side $v $ONE cols=8; ab_side $v $ONE cols=8 fp4; ab_side $v $ONE cols=4 fp4
    ab_side $v $MULTI cols=8 fp4; ab_side $v $MULTI cols=8; ab_side $v 2048x7168,8000x6144 cols=8 fp4 tiled; done
} > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
python3 $R/table.py "$OUT/sides.txt"

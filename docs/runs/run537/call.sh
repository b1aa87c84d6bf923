#!/usr/bin/env bash
# Run 537 (BENCHMARKS.md item 328, eighty-third session): the 4-chunk tile sweep's units (run 536:
# a tile as 4 units of 18 KB, a wait and barrier a unit, D units in flight), D chosen by the CTA's
# tiles: 2 where it takes one, 4 where several. Run 536 (H100, FP4 x N = 8): D = 2 0.2-0.9 us
# faster on one-tile CTAs (2048x7168 11.8-12.1 -> 11.1) but 2.2 slower on 8000x6144 (4 tiles a
# CTA), where D = 4 was 0.3 faster; fp16 x at 2048x5120 0.5 slower at D = 2. "new": this tree;
# "p2": the other candidate, paced.patch (2 units before x's loads, one after each of x's
# 4 pieces, then 6 in flight, whatever the tiles: x's loads never leave the stream idle); "old":
# before.patch (main 11137d5). GPU tests (tile sweep, tiled, linear); racecheck and memcheck on
# sanitize.py; scripts/ab_shapes.py 20 (unchecked, us) old / new / p2 / new / old on run 536's
# one-round and multi-round shapes. Predicted: new as run 536's D = 2 on one-tile CTAs (2048x7168
# FP4 ~11.1, fp16 ~12.4) and its D = 4 on several (8000x6144 FP4 ~19.7); p2: fp16 x on one-tile
# CTAs at or under old (2048x5120 <= 10.8).
# (As it ran, but that the variant came as a whole tile_sweep.cuh, now paced.patch on 2b32573's
# tree, and sanitize.py and table.py were copies of run 536's, now read from there.)
# (Its var_side, ab_side for the variants' trees, is ab_side itself since the setup script's
# side_paths names any /tmp/tree_NAME.)
# Usage (device, from the repo root): bash docs/runs/run537/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run537 REPO=$PWD
variant() {  # NAME: this tree with the variant's file, built into /tmp/cache_NAME
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src scripts pyproject.toml /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && git init -q . && git apply "$REPO/$R/paced.patch" && grep -c "kUnitBurst = 2," src/nvfp4_gemv/csrc/tile_sweep.cuh > /tmp/variant_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build >> /tmp/variant_$1.log 2>&1)
}
VARIANTS="p2"
for v in $VARIANTS; do variant $v & done
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
wait
for v in $VARIANTS; do { echo "$v:"; head -n 1 /tmp/variant_$v.log; tail -n 1 /tmp/variant_$v.log; } >> "$OUT/env.txt"; done
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
(timeout 200 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or sweep8 or linear" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
 echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
for tool in racecheck memcheck; do
  { timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 python3 docs/runs/run536/sanitize.py 2>&1 | tail -n 2
    echo "$tool exit ${PIPESTATUS[0]} (${SECONDS}s)"; } >> "$OUT/tests.txt"
done
ONE=2048x7168,2048x5120,1536x7168,1200x6144
MULTI=8000x6144,18432x7168,3072x5120,999x16384
{ ab_side new $ONE cols=8 floors; ab_side new $MULTI cols=8 fp4 floors
  for v in old new p2 new old; do ab_side $v $ONE cols=8; ab_side $v $ONE cols=8 fp4
    ab_side $v $MULTI cols=8 fp4; ab_side $v $MULTI cols=8; ab_side $v 2048x7168,8000x6144 cols=8 fp4 tiled; done
} > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt"

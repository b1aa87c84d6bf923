#!/usr/bin/env bash
# Run 559 (prepared in the eighty-eighth session, for an H200): item 336 (sweep8_pays by rows: at
# 2-3 columns below K = 8192 the tile sweep up to 2^16 rows, the row tiles past them, on tiled
# weights and at three row-major columns below K = 4096; run 557 had the row tiles 6-10 us ahead at
# row-major three columns on 100000 and 140000 rows at K = 2048, and the tile sweep 0.4-2.8 ahead on
# tiled 36864x4096 past item 335's 2^26 bytes). First its GPU tests (-k 'tile_sweep or few_columns')
# and memcheck on the plans it changed (scripts/memcheck_cases.py's cases of 70001x2048, 70000x2048,
# 40001x4096, 60001x2048, 120001x1024), then the rule against the other plan where item 336 changed
# it or no H200 run timed it, rule / alt / alt / rule (alt: NVFP4_GEMV_SWEEP8=0, the row tiles,
# where the rule takes the tile sweep; =1, the tile sweep, where it takes the row tiles),
# scripts/ab_shapes.py 20, unchecked, fp16 / bf16 / FP4 x, in order of need: small K past 2^16 rows,
# tiled 100000x1024 and 200000x512 at two columns (item 335: the tile sweep below 2^26 bytes); near
# the bound, row-major 80000x2048 at three columns; row-major three columns on the lm_head
# (151936x4096, the tile sweep by item 273, untimed); tiled 65536x2048 at two columns and 50000x4096
# at three, row-major 60000x2048 at three. Predicted: tests pass, memcheck 0 errors; the rule's side
# ahead by 3+ us at 100000x1024 / 200000x512 (run 554: 120001x1024 bf16 x 29.1 on the row tiles
# against 60.9 on the tile sweep), within 1 us or ahead near the bound, the tile sweep 1-4 ahead on
# the row-major lm_head.
# Usage (device, from the repo root): bash docs/runs/run559/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
{ timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'tile_sweep or few_columns' 2>&1 | tail -n 3
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python3 scripts/memcheck_cases.py 70001x2048 \
    70000x2048 40001x4096 60001x2048 120001x1024 2>&1 | tail -n 3
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } > "$OUT/tests.txt" 2>&1
echo "tests and memcheck ${SECONDS}s" >> "$OUT/env.txt"
alt_side() {  # rule|alt SWITCH SHAPES ARGS...: ab_side new; for "alt" with NVFP4_GEMV_SWEEP8=SWITCH
  local s=$1 switch=$2; shift 2
  echo "-- shape $s"
  if [ "$s" = alt ]; then NVFP4_GEMV_SWEEP8=$switch ab_side new "$@"; else ab_side new "$@"; fi
}
# Most wanted first, each group's four sides together, all under AB_LIMIT_S (default 300 s; ~5.5 s
# a side, run 557) so that a short lease still brings back the first groups
ab_group() {  # SWITCH SHAPES ARGS...: rule / alt / alt / rule, floors (fp16 / bf16) then fp4
  local switch=$1 shapes=$2; shift 2
  for s in rule alt alt rule; do alt_side $s $switch $shapes "$@" floors; alt_side $s $switch $shapes "$@" fp4; done
}
timeout ${AB_LIMIT_S:-300} bash -c "$(declare -f side_paths ab_side alt_side ab_group)
  ab_group 1 100000x1024,200000x512 cols=2 tiled
  ab_group 1 80000x2048 cols=3
  ab_group 0 151936x4096 cols=3
  ab_group 0 65536x2048 cols=2 tiled
  ab_group 0 50000x4096 cols=3 tiled
  ab_group 0 60000x2048 cols=3" > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

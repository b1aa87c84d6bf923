#!/usr/bin/env bash
# Run 561 (eighty-ninth session, on run 559-560's warm H100, written here as it ran, one line there):
# row-major three columns at K = 2048 on 100000 and 140000 rows, item 336's rule (the row tiles past
# 2^16 rows) against the tile sweep (NVFP4_GEMV_SWEEP8=1), rule / alt / alt / rule, unchecked,
# fp16 / bf16 / FP4 x: run 559 had the H100 take the tile sweep 6 us ahead at 80000x2048, where the
# H200 (run 557) had the row tiles 4.7-10.5 ahead at 100000 and 140000 rows. Is the H100's
# crossover further out, or is there none?
# Usage (device, from the repo root): bash docs/runs/run561/call.sh  (OUT: where the output goes)
source scripts/device_call_setup.sh; alt_side() { local s=$1 switch=$2; shift 2; echo "-- shape $s"; if [ "$s" = alt ]; then NVFP4_GEMV_SWEEP8=$switch ab_side new "$@"; else ab_side new "$@"; fi; }; for s in rule alt alt rule; do alt_side $s 1 100000x2048,140000x2048 cols=3 floors; alt_side $s 1 100000x2048,140000x2048 cols=3 fp4; done > $OUT/sides.txt 2>&1; python3 docs/runs/run536/table.py $OUT/sides.txt

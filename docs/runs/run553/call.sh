#!/usr/bin/env bash
# Run 553 (eighty-seventh session; run 552's machine, warm, one command typed into the device tool,
# kept here as it ran): the tiled 100000x2048 and 151936x2048 at two columns, the rule (the tile
# sweep since item 334) against NVFP4_GEMV_SWEEP8=0 (the row tiles, item 273's plan), rule / off /
# off / rule, scripts/ab_shapes.py 20, unchecked, fp16 / bf16 x. Asked after run 552 found the tile
# sweep's shape not at fault for run 549's one loss.
source scripts/device_call_setup.sh >/dev/null 2>&1; S=100000x2048,151936x2048; for s in rule off off rule; do echo "-- shape $s"; if [ $s = off ]; then NVFP4_GEMV_SWEEP8=0 ab_side new $S cols=2 tiled floors; else ab_side new $S cols=2 tiled floors; fi; done > $OUT/sides.txt 2>&1; cat $OUT/env.txt; python3 docs/runs/run536/table.py $OUT/sides.txt | cut -c1-140

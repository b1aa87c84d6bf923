#!/usr/bin/env bash
# Run 555 (eighty-seventh session; run 554's H200, warm, one command typed into the device tool,
# kept here as it ran, on the tree of c2a6c06: item 334's rule with item 335's first form, bf16 x's
# exception): at 2-3 columns the rule (the tile sweep past item 273's bounds) against
# NVFP4_GEMV_SWEEP8=0 (the row tiles), rule / off / off / rule, scripts/ab_shapes.py 20,
# unchecked, fp16 / bf16 / FP4 x: tiled two columns on 100000x2048, 26624x8192, 65536x4096, the
# lm_head, 36864x8192, three on 100000x2048, 26624x8192, 65536x4096; row-major two FP4 columns on
# 28672x8192, 100000x2048, 26624x8192 and two 16-bit ones on 140000x2048. Asked after run 554 had
# the row tiles 6-32 us ahead of the tile sweep on the H200 for bf16 x at K <= 2048.
source scripts/device_call_setup.sh >/dev/null 2>&1; T=100000x2048,26624x8192,65536x4096,151936x4096,36864x8192; T3=100000x2048,26624x8192,65536x4096; for s in rule off off rule; do echo "-- shape $s"; e=""; [ $s = off ] && e="NVFP4_GEMV_SWEEP8=0"; env $e bash -c "source scripts/device_call_setup.sh >/dev/null 2>&1; ab_side new $T cols=2 tiled floors; ab_side new $T cols=2 tiled fp4; ab_side new $T3 cols=3 tiled floors; ab_side new $T3 cols=3 tiled fp4; ab_side new 28672x8192,100000x2048,26624x8192 cols=2 fp4; ab_side new 140000x2048 cols=2 floors"; done > $OUT/sides.txt 2>&1; cat $OUT/env.txt; python3 docs/runs/run536/table.py $OUT/sides.txt | cut -c1-140

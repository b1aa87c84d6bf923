#!/usr/bin/env bash
# Run 582 (ninety-fifth session): on an H200, everything it is owed (docs/runs/run581/call.sh, as
# written in the ninety-fourth session). On any other card, the part of item 343 that runs 579-580
# left untimed: its piece rule moves the one-column W4A16 long streams at K = 2560-3072 (14336 rows
# and more) from one piece on 3 warps (18 warps an SM) to 2 pieces on 2 (24, a quarter to two fifths
# of the lanes idle). docs/runs/run580/three.patch applied, old / new / new / old, fp16 and bf16 x,
# the floors; 4096x14336 (a changed shape) as a control of the earlier runs.
# Predicted (written before the run), on an H100: K = 2560 and 3072 0-1 us slower on 2 x 2 than on
# 1 x 3 (idle lanes against more warps in flight); 4096x14336 fp16 ~1 us faster, as run 580.
# Usage (device, from the repo root): bash docs/runs/run582/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
if [[ $gpu == *H200* ]]; then exec bash docs/runs/run581/call.sh; fi
git apply docs/runs/run580/three.patch || exit 1
export OLD_PATCH=docs/runs/run580/before.patch
source scripts/device_call_setup.sh
S=28672x3072,65536x2560,14336x3072,4096x14336
{ for v in old new new old; do ab_side $v $S; done; ab_side new $S floors; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/sides.txt"

#!/usr/bin/env bash
# Run 581 (written in the ninety-fourth session for the first H200 that comes): everything the H200
# is owed, in one call. On any other card it prints the card and stops (~30 s of device time).
# (1) docs/runs/run571/call.sh's measurements (run 567's script: `bash run.sh`, issue 5's items 2
#     and 6, the floor by bytes in flight), ~200 s on an H100;
# (2) item 343's A/B on the H200: docs/runs/run580/three.patch applied to this tree, then run 580's
#     call (old = main's kernels, new = the one-column 2-piece W4A16 sweep on 24 warps an SM with
#     one row pair in flight), ~190 s, and the shapes at K = 2560 and 3072 whose plan it changes. Item 203 (run 319, H200) had the same shape lose 0.9-2.2 us
#     on the lm_head; runs 579-580 (H100, today's kernels) had it 0.3-1 us faster everywhere,
#     the lm_head 0.4-2.7.
# Predicted (written before the run): (1) as run 567's header says for the H200; (2) fp16 0.2-1 us
# faster on 7168x16384, 4096x14336 and the L > 1 task shapes, the lm_head within 1 us either way
# (the H200 exposes one pair's round trip more than the H100), bf16 at L = 1 even to 0.7 faster;
# K = 2560 and 3072 on 2 x 2 0-1 us slower than on 1 x 3 (idle lanes).
# Usage (device, from the repo root): bash docs/runs/run581/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$gpu"
[[ $gpu == *H200* ]] || { echo "not an H200: nothing run"; exit 0; }
# The two parts write under /tmp/out581 and come back as one archive (the device returns only a
# few files a call): tar xzf run581.tgz.
OUT=${OUT:-$PWD/.out}
R=/tmp/out581
rm -rf $R && mkdir -p $R/owed $R/item343
OUT=$R/owed bash docs/runs/run571/call.sh
# Item 343's A/B: run 580's (its tests, then old / new / new / old on its seven shapes), and the
# long streams at K = 2560 and 3072, where the change moves the rule from one piece on 3 warps
# (18 warps an SM) to 2 pieces on 2 (24, a quarter to two fifths of the lanes idle): not timed on
# the H100.
git apply docs/runs/run580/three.patch && OUT=$R/item343 bash docs/runs/run580/call.sh
(export OUT=$R/item343 OLD_PATCH=docs/runs/run580/before.patch
 source scripts/device_call_setup.sh > /dev/null 2>&1
 for v in old new new old; do ab_side $v 28672x3072,65536x2560,14336x3072; done > "$OUT/sides_k3072.txt" 2>&1
 cat "$OUT/sides_k3072.txt")
tar czf "$OUT/run581.tgz" -C $R .

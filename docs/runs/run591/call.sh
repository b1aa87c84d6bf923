#!/usr/bin/env bash
# Run 591 (ninety-ninth session): item 343's H200 A/B cut to what ~260 s of device time can hold:
# run 588's call (the branch's src at ec3e2ec applied as run 583's new.patch, the old side built
# with before.patch, old / new / new / old, then the floors) on three of its seven shapes: the
# lm_head 151936x4096, where item 203's like form lost 0.9-1.3 us on the H200, and the two large
# one-column layers 7168x16384 and 4096x14336. On any other card it stops.
# Predicted (written before the run): as run 584's header says for the H200: fp16 0.2-1 us faster
# on 7168x16384 and 4096x14336, the lm_head within 1 us either way; bf16 at L = 1 even to 0.7
# faster.
# Usage (device, from the repo root): bash docs/runs/run591/call.sh  (OUT: where the output goes)
AB_SHAPES=151936x4096,7168x16384,4096x14336 exec bash docs/runs/run588/call.sh

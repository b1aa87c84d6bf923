#!/usr/bin/env bash
# Run 587 (ninety-sixth session): item 343's evidence from whichever card comes. On an H200: run
# 585 (run 571's owed measurements, then item 343's A/B on run 580's seven shapes; ~450 s). On any
# other card: run 584's other-card part, six more shapes whose x-shared kernels item 343 changes
# (2 pieces on 2-7 warps a row at L = 1; 4 warps at L = 4), old / new / new / old, fp16 and bf16 x,
# with the floors.
# Predicted (written before the run): as run 585's and run 584's headers say; on an H100 0.2-1 us
# faster on each of the six shapes, as runs 579-580 found on theirs.
# Usage (device, from the repo root): bash docs/runs/run587/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] && exec bash docs/runs/run585/call.sh
exec bash docs/runs/run584/call.sh

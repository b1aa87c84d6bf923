#!/usr/bin/env bash
# Run 587 (ninety-sixth session): what the H200 is owed, in the order that matters if the call's
# time runs out (the session had ~750 s of device time left when it was written, run 585 needs
# ~450 s after the start). On an H200: (1) item 343's A/B first: run 584's H200 part (the branch's
# src at ec3e2ec applied, the W4A16 GPU tests, old / new / new / old on run 580's seven shapes with
# the floors) into $OUT/item343; (2) the patch taken back, run 571's measurements on main into
# $OUT/owed. On any other card it prints the card and stops.
# Predicted (written before the run): (1) as run 584's header says for the H200; (2) as run 571's.
# Usage (device, from the repo root): bash docs/runs/run587/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] || { echo "$gpu: not an H200, nothing run"; exit 0; }
R=${OUT:-$PWD/.out}
mkdir -p "$R/item343" "$R/owed"
OUT=$R/item343 bash docs/runs/run584/call.sh
git apply -R docs/runs/run583/new.patch || exit 1
OUT=$R/owed bash docs/runs/run571/call.sh

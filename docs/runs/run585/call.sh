#!/usr/bin/env bash
# Run 585 (written in the ninety-fifth session for the first H200 that comes): everything the
# H200 is owed, in one call: docs/runs/run583/call.sh's H200 part (run 571's measurements on main:
# `bash run.sh`, issue 5's items 2 and 6, the floor by bytes in flight; then item 343 as branch
# w4a16-24warps has it at ec3e2ec, its W4A16 GPU tests and old / new / new / old on run 580's seven
# shapes; one archive back, run583.tgz; ~450 s). On any other card it prints the card and stops
# (run 583's other part, the branch's GPU suites and memcheck, passed on an H100).
# Predicted: as run 583's header says for the H200.
# Usage (device, from the repo root): bash docs/runs/run585/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] || { echo "$gpu: not an H200, nothing run"; exit 0; }
exec bash docs/runs/run583/call.sh

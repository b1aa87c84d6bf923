#!/usr/bin/env bash
# Run 590 (ninety-eighth session): an H200 try that is not wasted if an H100 comes.
# On an H200: run 589 (item 343's A/B, the W4A16 tests, run 571's owed measurements).
# On any other card: item 346's check (bench.event_ms, one event-timed sample after untimed
# steps, now shared by bench.time_cuda and scripts/warm_probe.py's interleaved loop): run 586's
# check again: tests/test_cli.py on the GPU, `nvfp4-gemv bench --reps 20`, warm_probe on one case
# and floor_inflight on two grids.
# Predicted (other card, written before the run): tests pass; the bench's rows and floors within 2%
# of run 586's H100 (task rows 30.1 / 56.0 / 18.1 us, floors 28.5 / 51.6 / 16.6), warm_probe's
# output in its old form with "same" 0.3-0.7 us under "read" on the GEMV, as in runs 575-577, 586.
# Usage (device, from the repo root): bash docs/runs/run590/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] && exec bash docs/runs/run589/call.sh
exec bash docs/runs/run586/call.sh

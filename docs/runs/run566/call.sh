#!/usr/bin/env bash
# Run 566 (ninety-first session): the second part of run 565's call, on the same warm H200 right
# after the probe: the tree's GPU suites, memcheck on scripts/memcheck_cases.py and the three
# "Current" benches (`scripts/device_run.sh current`). Output: docs/runs/run566/out/
# (nvidia_smi_before.txt is the nvidia-smi line run 565's script wrote before it).
# Usage (device, from the repo root): bash docs/runs/run566/call.sh  (OUT: where the output goes)
exec bash "$(dirname "$0")/../run565/call.sh" current

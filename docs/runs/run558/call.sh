#!/usr/bin/env bash
# Run 558 (eighty-eighth session): the whole tree at 42a944c (item 335 in), `scripts/device_run.sh
# current`: build, the kernel, feature and NVFP4Linear GPU suites (run 556's tile-sweep and
# few-columns tests among them), memcheck on scripts/memcheck_cases.py, the three "Current" benches.
# Predicted: every test passes, memcheck 0 errors; on an H200 the task rows as run 550's within
# 0.3 us (item 335 changes 2-3 column plans only).
# Usage (device, from the repo root): bash docs/runs/run558/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -n 30

#!/usr/bin/env bash
# Run 520 (eightieth session): the "Current" refresh on the tree of b4f580f (item 319 taken), on
# whatever GPU came (the call named nvidia-h200 and got an H100): build, the kernel, feature and
# NVFP4Linear GPU tests, memcheck on scripts/memcheck_cases.py, and the three "Current" benches.
# Usage (device, from the repo root): bash docs/runs/run520/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -40

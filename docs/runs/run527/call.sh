#!/usr/bin/env bash
# Run 527 (eighty-first session): the "Current" refresh on the tree with item 323 taken, on whatever
# GPU comes (H100s all session): build, the kernel, feature and NVFP4Linear GPU tests, memcheck on
# scripts/memcheck_cases.py (item 323's three cases among them), and the three "Current" benches.
# Predicted: every test passes, memcheck 0 errors, the rows as run 520's within 0.2 us (no N = 1
# kernel and no 16-byte-row kernel changed).
# Usage (device, from the repo root): bash docs/runs/run527/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -40

#!/usr/bin/env bash
# Run 398: scripts/device_run.sh's new "current" mode on the final tree (item 244's kernels): the
# kernel, feature and NVFP4Linear GPU tests, compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py (every kernel family, item 244's W4A16 sweeps among them), and the
# benches of BENCHMARKS.md's "Current" tables again (a second sample next to run 397's).
# Usage (device, from the repo root): bash docs/runs/run398/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py exec bash scripts/device_run.sh current

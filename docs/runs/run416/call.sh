#!/usr/bin/env bash
# Run 416: scripts/device_run.sh's "current" mode on the session's kernels (items 253-254: the W4A4
# sweep's split over the grid from the host): the kernel, feature and NVFP4Linear GPU tests,
# compute-sanitizer memcheck on all of scripts/memcheck_cases.py, and the benches of BENCHMARKS.md's
# "Current" tables.
# Usage (device, from the repo root): bash docs/runs/run416/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py exec bash scripts/device_run.sh current

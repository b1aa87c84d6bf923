#!/usr/bin/env bash
# Run 412: scripts/device_run.sh's "current" mode on the session's final kernels (commit 982fa4b:
# items 250-252): the kernel, feature and NVFP4Linear GPU tests, compute-sanitizer memcheck on all
# of scripts/memcheck_cases.py, and the benches of BENCHMARKS.md's "Current" tables.
# Usage (device, from the repo root): bash docs/runs/run412/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py exec bash scripts/device_run.sh current

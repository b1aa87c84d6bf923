#!/usr/bin/env bash
# Run 409: scripts/device_run.sh's "current" mode on the session's final kernels (items 250-251:
# the W4A4 sweep's split row loop, the sweeps' epilogue without the division at L = 1): the
# kernel, feature and NVFP4Linear GPU tests, compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py, and the benches of BENCHMARKS.md's "Current" tables.
# Usage (device, from the repo root): bash docs/runs/run409/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py exec bash scripts/device_run.sh current

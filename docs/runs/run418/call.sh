#!/usr/bin/env bash
# Run 418: scripts/device_run.sh's "current" mode on the session's final kernels (items 253-256:
# the W4A4 sweep's split over the grid from the host, its scales' row offset without the layout
# branch, the pair butterfly in every W4A4 sweep kernel): the kernel, feature and NVFP4Linear GPU
# tests, compute-sanitizer memcheck on all of scripts/memcheck_cases.py, and the benches of
# BENCHMARKS.md's "Current" tables.
# Usage (device, from the repo root): bash docs/runs/run418/call.sh  (OUT: where the output goes)
MEMCHECK=scripts/memcheck_cases.py exec bash scripts/device_run.sh current

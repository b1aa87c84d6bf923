#!/usr/bin/env bash
# Run 546 (eighty-fifth session): the tree with item 332 (d99eb22, branch w4a16-batched-sweep) before
# it merges: `scripts/device_run.sh current` (build, the kernel, feature and NVFP4Linear GPU suites,
# memcheck on scripts/memcheck_cases.py with item 332's two batched cases, the three "Current"
# benches). Predicted: every test passes, memcheck 0 errors; the W4A4 task rows as run 543's within
# 0.2 us (no W4A4 plan changed); W4A16 bf16 4096x7168x8 ~57-58 us on an H100 (run 543: 61.8).
# Usage (device, from the repo root): bash docs/runs/run546/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -n 30

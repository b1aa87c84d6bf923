#!/usr/bin/env bash
# Run 483 (seventy-second session): item 289 (sweep16_kernel's lane from threadIdx.x again) on the
# H200, on the warm machine of run 482: the GPU suites, memcheck and the benches, as device_run.sh
# 'current' runs them, the tests given 340 s. On any other GPU it writes "not an H200" and stops.
# Usage (device, from the repo root): bash docs/runs/run483/call.sh  (OUT: where the output goes)
# The call as run was the same lines typed as the device command (the tree of 0b22737 with
# docs/runs/run482/w16lane.patch applied).
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
TESTS_LIMIT_S=340 bash scripts/device_run.sh current

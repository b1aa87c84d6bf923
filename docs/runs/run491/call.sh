#!/usr/bin/env bash
# Run 491 (seventy-third session): on an H200 only (the machine of the README's other tables), the
# two things runs 488-490 ran on H100s or not at all, by `scripts/device_run.sh peers`: the README's
# three `nvfp4-gemv decode` runs with their CUDA-graph timing, then `bench --peers` (run 490's side
# by side). On any other GPU it writes "not an H200" to env.txt and stops. The wheels carried in
# peers/wheels.
# Usage (device, from the repo root): bash docs/runs/run491/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
bash scripts/device_run.sh peers

#!/usr/bin/env bash
# Run 479: the benches of run 474's refresh (`CURRENT_TESTS=0 scripts/device_run.sh current`, then
# per_row.py) on an H200 only: the "Current" tables of BENCHMARKS.md are H200 numbers, and run 474
# came on an H100 (whose runs 474 and 478 ran the tests and memcheck on the same tree). On any
# other GPU it stops after nvidia-smi (a call costs its start, not a build).
# Usage (device, from the repo root): bash docs/runs/run479/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
CURRENT_TESTS=0 exec bash docs/runs/run474/call.sh

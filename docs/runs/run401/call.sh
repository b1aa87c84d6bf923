#!/usr/bin/env bash
# Run 401 (BENCHMARKS.md item 248): scripts/compute_pace_probe.cu, the W4A4 row sweep's memory
# pattern (sweep_kernel<2, 8> on 7168x16384 at L = 1) carrying 0..128 synthetic integer
# instructions per 16-byte piece, and the sweep's own decode and dp4a, against the stream floor.
# Usage (device, from the repo root): bash docs/runs/run401/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/cpp scripts/compute_pace_probe.cu || exit 1
/tmp/cpp 30 > "$OUT/pace.txt" 2>&1
cat "$OUT/pace.txt"

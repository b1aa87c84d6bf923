#!/usr/bin/env bash
# Run 431 (BENCHMARKS.md item 266): scripts/band_sweep_probe.cu again, with the tiles also stored
# [k tile][band] (the grid on one front) and a diagnostic with x read once (no LDS a tile).
# Usage (device, from the repo root): bash docs/runs/run431/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/probe.txt" "$OUT/env.txt"

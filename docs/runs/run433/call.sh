#!/usr/bin/env bash
# Run 433 (BENCHMARKS.md item 266): scripts/band_sweep_probe.cu again, each warp staging only its
# own tiles' x (no CTA barrier before the first tile), at 3 and 4 CTAs an SM.
# Usage (device, from the repo root): bash docs/runs/run433/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/probe.txt" "$OUT/env.txt"

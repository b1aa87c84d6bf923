#!/usr/bin/env bash
# Run 439 (BENCHMARKS.md item 269): scripts/band_sweep_probe.cu at 2 CTAs an SM (117-128 registers)
# with 2 or 4 tiles in flight a warp, beside the library's form (3 CTAs, 2 tiles, 80 registers), fp16
# and bf16, on the cluster sizes run 435 found best: whether the loads' lead, which ptxas keeps short
# at 80 registers, is what the band sweep lacks.
# Usage (device, from the repo root): bash docs/runs/run439/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v "^device" "$OUT/probe.txt" | sed 's/ worst error \/ sum|terms| [0-9.e-]* ok$/ ok/'; cat "$OUT/env.txt"

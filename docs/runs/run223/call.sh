#!/usr/bin/env bash
# Run 223: the sweep's memory side by piece layout on every sweep shape (scripts/sweep_mem_probe.cu,
# BENCHMARKS.md item 151): is the small layers' loss with the pieces by warp (run 222) the pattern's
# or ptxas's? Standalone, no torch; two passes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu || exit 1
/tmp/smp 30 > "$OUT/probe.txt" 2>&1
/tmp/smp 30 > "$OUT/probe2.txt" 2>&1
paste -d'|' <(cut -c1-50 "$OUT/probe.txt") <(cut -c35-50 "$OUT/probe2.txt")

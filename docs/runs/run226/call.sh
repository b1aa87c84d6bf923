#!/usr/bin/env bash
# Run 226: scripts/sweep_mem_probe.cu with a lane's pieces side by side (sf5: weights not allocating
# in L1, each 16-byte load instruction half of every sector it touches; sf6: the weights allocating
# in L1, so the second half comes from there; sf7: sf6 without scales) and the by-warp pieces with
# L1-allocating scale loads (sf8), against the library's form (sf1) and item 151's (sf4). Two passes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu || exit 1
/tmp/smp 30 > "$OUT/probe.txt" 2>&1
/tmp/smp 30 > "$OUT/probe2.txt" 2>&1
paste -d'|' <(cut -c1-50 "$OUT/probe.txt") <(cut -c35-50 "$OUT/probe2.txt")

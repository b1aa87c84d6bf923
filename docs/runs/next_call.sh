#!/usr/bin/env bash
# Prepared in the twenty-third session (not run; about 1.5 device minutes with the machine's start):
# scripts/sweep_mem_probe.cu with the batched task shapes read as the library reads L > 1 (each
# CTA a balanced contiguous range of the L * M rows; 4096x7168x8 at 4 pieces x 2 warps, 2 CTAs per
# SM): does the scale stream cost 4096x7168x8 what it costs 7168x16384 (item 151: 2.7-3.0 us the
# library's way, 1.6-1.9 with the pieces by warp), and does any request form (sf2, sf4, sf5) read
# it faster? BENCHMARKS.md Next steps. Two passes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu || exit 1
/tmp/smp 30 > "$OUT/probe.txt" 2>&1
/tmp/smp 30 > "$OUT/probe2.txt" 2>&1
paste -d'|' <(cut -c1-56 "$OUT/probe.txt") <(cut -c41-56 "$OUT/probe2.txt")

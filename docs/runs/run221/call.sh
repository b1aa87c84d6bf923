#!/usr/bin/env bash
# Run 221: the sweep's memory side alone, by request pattern (scripts/sweep_mem_probe.cu;
# BENCHMARKS.md item 151): the floor by loads a round and with the scales as a second stream, and
# the sweep's pattern by scale-load form and rows in flight. Standalone, no torch.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu || exit 1
/tmp/smp 30 > "$OUT/probe.txt" 2>&1
/tmp/smp 30 > "$OUT/probe2.txt" 2>&1
paste -d'|' "$OUT/probe.txt" <(cut -c35-60 "$OUT/probe2.txt")

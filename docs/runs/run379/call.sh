#!/usr/bin/env bash
# Run 379 (BENCHMARKS.md item 238): the batched task shapes' bytes alone in the sweep's patterns,
# rows in balanced contiguous ranges (the library at L > 1) against one front over the L * M rows
# (CTA b: rows b, b + G, ...), two passes. Standalone probe, no library build.
set -u
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu -I scripts || exit 1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$OUT/env.txt"
git log -1 --format='%H %cI' >> "$OUT/env.txt" 2>/dev/null
for pass in 1 2; do /tmp/smp 30 batched; done | tee "$OUT/probe.txt"

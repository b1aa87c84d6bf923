#!/usr/bin/env bash
# Run 380 (BENCHMARKS.md item 238): run 379's probe again with a front per batch (item 150's order)
# beside the contiguous ranges and the one front, two passes. Standalone probe, no library build.
set -u
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu -I scripts || exit 1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$OUT/env.txt"
for pass in 1 2; do /tmp/smp 30 batched; done | tee "$OUT/probe.txt" | grep -E "4096x7168x8"

#!/usr/bin/env bash
# Run 506 (BENCHMARKS.md item 310, seventy-seventh session): the tile sweep's copy side alone,
# scripts/tile_copy_probe.cu (standalone, no torch, no extension build): the tiles' loads into
# registers with 0-200 KB of shared memory reserved and unused, and the cp.async and bulk copies on
# 2 .. the most stages that fit: whether the shared memory's size is what the copies lose. Any GPU
# of 132 SMs.
# Usage (device, from the repo root): bash docs/runs/run506/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tcp scripts/tile_copy_probe.cu >> "$OUT/env.txt" 2>&1 || { cat "$OUT/env.txt"; exit 1; }
timeout 300 /tmp/tcp 20 > "$OUT/probe.txt" 2>&1
echo "probe rc $? (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/probe.txt"

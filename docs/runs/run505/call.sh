#!/usr/bin/env bash
# Run 505 (BENCHMARKS.md item 309, seventy-seventh session): the tile sweep's copy side alone,
# scripts/tile_copy_probe.cu (standalone, no torch, no extension build): the library's cp.async form
# against the same tiles loaded straight into registers (one and two CTAs an SM), two CTAs an SM of
# the cp.async form where they fit, and the launch with no tile; the floor's one- and two-CTA grids
# beside its best. Any GPU of 132 SMs.
# Usage (device, from the repo root): bash docs/runs/run505/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tcp scripts/tile_copy_probe.cu >> "$OUT/env.txt" 2>&1 || { cat "$OUT/env.txt"; exit 1; }
timeout 300 /tmp/tcp 20 > "$OUT/probe.txt" 2>&1
echo "probe rc $? (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/probe.txt"

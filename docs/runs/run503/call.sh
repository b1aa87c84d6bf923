#!/usr/bin/env bash
# Run 503 (BENCHMARKS.md item 307, prepared in the seventy-sixth session, not yet run): the tile
# sweep's copy side alone in its forms, scripts/tile_copy_probe.cu (standalone, no torch, no
# extension build): the library's cp.async copies against the TMA's bulk copies, the tiles strided
# or contiguous, the plan's clusters or every SM, each checked by XOR and timed against the floor
# on six shapes. Any GPU of 132 SMs (the plans in the probe are the H100's and H200's).
# Usage (device, from the repo root): bash docs/runs/run503/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tcp scripts/tile_copy_probe.cu >> "$OUT/env.txt" 2>&1 || { cat "$OUT/env.txt"; exit 1; }
timeout 300 /tmp/tcp 20 > "$OUT/probe.txt" 2>&1
echo "probe rc $? (${SECONDS}s)" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/probe.txt"

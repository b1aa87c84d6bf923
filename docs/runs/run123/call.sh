#!/usr/bin/env bash
# Run 123 (one device call, from the repository root; writes under $OUT). How a warp-specialized
# kernel might read the tiled format: pattern_probe.cu's bulk-copy ring (one producer warp, 8
# consumer warps, 2 CTAs per SM) on the tiled layout (bt1K: a stage is 16 consecutive tiles of a
# band, one bulk copy, and one for their scales) against the register window on the same layout
# (tiled/4) and the row-major ring (b1K), bare, with scales, and with the kernel's whole item (+mma).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu > "$OUT/build.log" 2>&1
timeout 300 /tmp/pp floor tiled/4 b1K bt1K > "$OUT/probe.txt" 2>&1
cat "$OUT/probe.txt" | cut -c1-120

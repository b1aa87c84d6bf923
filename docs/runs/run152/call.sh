#!/usr/bin/env bash
# Run 152 (one device call, from the repository root; writes under $OUT): the access-pattern
# probe on the tiled layouts with the scales as one 4-byte lane-order word per lane ("+sfw", the
# library's load since ddd84c4), split (tiled: scales in their own array) against interleaved
# (tiledi: each tile's 128 scale bytes right after its 1 KB), bare and with the integer item;
# the 16-bit scale loads ("+sf") and the floor beside them. Twice.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu || exit 1
for i in 1 2; do /tmp/pp floor tiled/4 tiledi/4; done > "$OUT/probe.txt" 2>&1
grep -E "floor |tiled|device" "$OUT/probe.txt" | grep -vE "floor1|floor3|floor\+" | head -n 80

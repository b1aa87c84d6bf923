#!/usr/bin/env bash
# Run 129 (one device call, from the repository root; writes under $OUT): the tiled layout read
# bare in a static front order (pattern_probe "front": chunk j W + w to warp w) against the
# counter's dynamic order (dyn) and the kernel's static ranges (tiled/4).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu || exit 1
/tmp/pp floor3x256 tiled/4 "dyn/4 c32" "dyn/8 c32" front > "$OUT/probe.txt" 2>&1
cat "$OUT/probe.txt"

#!/usr/bin/env bash
# Run 352 (BENCHMARKS.md item 225): scripts/scale_layout_probe.cu, the row sweep's bytes alone with
# the scales row-major (today's form) or in the task's blocked 128x4 layout (one 16-byte load a
# piece per 4 rows), rows in quads {i, i + 32, i + 64, i + 96}, two passes. Predicted: sfB 0.5-1.5
# us under sf1 on 7168x16384 and 4096x7168x8 (the request count, run 229: sf1 1.5-2.3 us over the
# floor), closer to sf0 + the scales' bytes; sfBL even with sfB or better.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/slp scripts/scale_layout_probe.cu > "$OUT/build.txt" 2>&1 || { cat "$OUT/build.txt"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 300 /tmp/slp 30 > "$OUT/probe.txt" 2>&1
echo "probe exit $? ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/probe.txt"; tail -2 "$OUT/env.txt"

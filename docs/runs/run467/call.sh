#!/usr/bin/env bash
# Run 467 (BENCHMARKS.md items 280 and 281): scripts/compute_pace_probe.cu with the rows' sums taken apart
# ("decode +x +rows sums / butterfly / stores / deferred" beside "decode +x" and "decode +x +rows"), median of
# 30, write flush, each kernel twice per shape (the probe's two passes).
# Usage (device, from the repo root): bash docs/runs/run467/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/cpp scripts/compute_pace_probe.cu > "$OUT/build.txt" 2>&1 || { cat "$OUT/build.txt"; exit 1; }
timeout 300 /tmp/cpp 30 > "$OUT/pace.txt" 2>&1
echo "pace probe exit $? ${SECONDS}s" >> "$OUT/env.txt"
grep -E "floor|alu 0 |decode" "$OUT/pace.txt"; cat "$OUT/env.txt"

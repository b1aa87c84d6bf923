#!/usr/bin/env bash
# Run 436 (BENCHMARKS.md item 266): scripts/band_sweep_probe.cu with bf16 x (each warp converting its
# own tiles' x with its own power of two), fp16 and bf16 on the K splits run 435 found best; then
# the library's W4A16 op on the same shapes (lib436.py: row-major and tiled, fp16 and bf16 x).
# Usage (device, from the repo root): bash docs/runs/run436/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run436
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
echo "probe ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH=src python $R/lib436.py 20 > "$OUT/library.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v "^device" "$OUT/probe.txt" | sed 's/ worst error \/ sum|terms| [0-9.e-]* ok$/ ok/'
grep -v arn "$OUT/library.txt"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 435 (BENCHMARKS.md item 266): scripts/band_sweep_probe.cu with K split over thread block
# clusters of C CTAs (C = 1, 2, 4, 7, 8 where a shape's k tiles divide into whole groups), the
# cluster's sums added over distributed shared memory, so that shapes whose 16-row bands do not
# divide over the grid spread evenly; then the library's W4A16 op on the same shapes (lib435.py:
# row-major and tiled, fp16 and bf16 x).
# Usage (device, from the repo root): bash docs/runs/run435/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run435
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
echo "probe ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH=src python $R/lib435.py 20 > "$OUT/library.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v "^device" "$OUT/probe.txt" | sed 's/ worst error \/ sum|terms| [0-9.e-]* ok$/ ok/'
grep -v arn "$OUT/library.txt"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 434 (BENCHMARKS.md item 266): in one call, the band probe as run 433 ran it
# (scripts/band_sweep_probe.cu), as runs 430-431 ran it (band_sweep_probe_431.cu: whether run 433's
# 1.7 us on 6336x16384 was the machine or the build), and the library's W4A16 op on the same
# shapes, row-major and tiled, fp16 and bf16 x (lib434.py).
# Usage (device, from the repo root): bash docs/runs/run434/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run434
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp431 $R/band_sweep_probe_431.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
/tmp/bsp431 20 > "$OUT/probe431.txt" 2>&1
/tmp/bsp 20 >> "$OUT/probe.txt" 2>&1
echo "probes ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH=src python $R/lib434.py 20 > "$OUT/library.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v "^device\|^W4A16" "$OUT/probe.txt" | sed 's/; worst error.*ok$//'; grep -v "^device\|^W4A16" "$OUT/probe431.txt" | sed 's/; worst error.*ok$//'
grep -v arn "$OUT/library.txt"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 430 (BENCHMARKS.md item 266): scripts/band_sweep_probe.cu (W4A16 fp16 x on the tiled format
# with the block scales on the mma's fp32 sums; checked against a float64 host reference, timed
# beside the stream floor), then the library's W4A16 row sweep on the same shapes in the same call
# (scripts/ab_shapes.py, fp16 and bf16 x, with the kernels launched and the bench's stream floor).
# Usage (device, from the repo root): bash docs/runs/run430/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu || exit 1
/tmp/bsp 20 > "$OUT/probe.txt" 2>&1
echo "probe ${SECONDS}s" >> "$OUT/env.txt"
SHAPES=6336x16384,12672x16384,7168x16384,151936x4096,8192x28672
PYTHONPATH=src python scripts/ab_shapes.py 20 $SHAPES floors > "$OUT/library.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/probe.txt"; grep -v arn "$OUT/library.txt"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 402 (BENCHMARKS.md item 248): scripts/compute_pace_probe.cu with the activation and the rows'
# sums added to its decode kernel step by step (decode, +x, +rows, +x +rows), then the library's
# W4A4 sweep on the same shapes in the same call (scripts/ab_shapes.py, one FP4 column, with the
# kernels launched and the bench's stream floor).
# Usage (device, from the repo root): bash docs/runs/run402/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/cpp scripts/compute_pace_probe.cu || exit 1
/tmp/cpp 30 > "$OUT/pace.txt" 2>&1
echo "probe ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH=src python scripts/ab_shapes.py 30 7168x16384,14336x16384 fp4 floors > "$OUT/library.txt" 2>&1
PYTHONPATH=src python scripts/ab_shapes.py 30 7168x16384,14336x16384 fp4 floors >> "$OUT/library.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/pace.txt"; grep -v arn "$OUT/library.txt"; cat "$OUT/env.txt"

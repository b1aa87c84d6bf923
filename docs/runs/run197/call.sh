#!/usr/bin/env bash
# Run 197 (2026-12-01): the row sweep's shapes (next_sweep_shape.patch + next_sweep_shapes.py), then
# the probe's kernel and the library's launch in one binary, alternating (next_pair.cu).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=40 VARIANT_CMD="$PWD/docs/runs/run197/next_sweep_shapes.py" bash scripts/device_variants.sh \
  "shape=%docs/runs/run202/next_sweep_shape.patch" > "$OUT/shapes.txt" 2>&1
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/pair docs/runs/next_pair.cu && \
  timeout 150 /tmp/pair > "$OUT/pair.txt" 2>&1
grep -vE "^\s*$" "$OUT/shapes.txt" | tail -n 40
cat "$OUT/pair.txt"

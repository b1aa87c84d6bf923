#!/usr/bin/env bash
# Prepared for the next session (not run; about 3 device minutes): the row sweep's shapes
# (docs/runs/next_sweep_shape.patch + next_sweep_shapes.py: the rule's pick against the
# alternatives, both flushes on the task shapes, dynamic W4A4 on row-major weights), then the
# probe's kernel and the library's launch in one binary, alternating (docs/runs/next_pair.cu),
# for the 0.5-1.1 us between them. BENCHMARKS.md "Next steps" (the row sweep, points 1-3);
# next_call2.sh and next_call3.sh follow.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=40 VARIANT_CMD="$PWD/docs/runs/next_sweep_shapes.py" bash scripts/device_variants.sh \
  "shape=%docs/runs/next_sweep_shape.patch" > "$OUT/shapes.txt" 2>&1
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/pair docs/runs/next_pair.cu && \
  timeout 150 /tmp/pair > "$OUT/pair.txt" 2>&1
grep -vE "^\s*$" "$OUT/shapes.txt" | tail -n 40
cat "$OUT/pair.txt"

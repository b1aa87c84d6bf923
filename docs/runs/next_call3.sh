#!/usr/bin/env bash
# Prepared for the next session (not run; about 4.5 device minutes): two variants of the row sweep
# against the tree, both orders (scripts/time_shapes.py, unchecked): "two", the 2-piece kernel
# compiled for the CTAs per SM it runs at (next_sweep_two_per_sm.patch: at 2 per SM up to 128
# registers, not 80, as the probe's was), and "lean", a shorter prologue (next_sweep_lean.patch,
# timing only: one x path and one scale path, the x loads after the first weight loads in the
# source: the first weight load at SASS instruction ~180-200 instead of ~275-280; the probe's at
# ~156-172). BENCHMARKS.md "Next steps" (the row sweep, point 1).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "two=%docs/runs/next_sweep_two_per_sm.patch" "lean=%docs/runs/next_sweep_lean.patch" > "$OUT/ab.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  "lean=%docs/runs/next_sweep_lean.patch" "two=%docs/runs/next_sweep_two_per_sm.patch" base= > "$OUT/ab2.txt" 2>&1
grep -vE "^\s*$" "$OUT/ab.txt" "$OUT/ab2.txt" | tail -n 66

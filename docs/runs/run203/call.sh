#!/usr/bin/env bash
# Run 203 (2026-12-01): the W4A4 sweep's read pattern (item 138), time_shapes.py 20, unchecked:
# "inter" (next_sweep_inter.patch: with L == 1 CTA b takes rows b, b + G, ...: the grid on one
# front through the matrix, as the floor reads it), "deep" (next_sweep_deep.patch: 2 pieces with 4
# rows in flight at 2 CTAs per SM), each whole and with the decode replaced by an XOR (_nd), and
# the tree with the XOR (nd) as the memory-side baseline.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "inter=%docs/runs/run205/next_sweep_inter.patch" "nd=%docs/runs/next_sweep_nodecode.patch" \
  "inter_nd=%docs/runs/run203/next_sweep_inter_nodecode.patch" "deep_nd=%docs/runs/run203/next_sweep_deep_nodecode.patch" \
  "deep=%docs/runs/run203/next_sweep_deep.patch" > "$OUT/pattern.txt" 2>&1
grep -vE "^\s*$" "$OUT/pattern.txt" | grep -v built | tail -n 60

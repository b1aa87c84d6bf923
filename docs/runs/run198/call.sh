#!/usr/bin/env bash
# Run 198 (2026-12-01): the row sweep's CTAs per SM and prologue, against the tree, both orders
# (scripts/time_shapes.py, unchecked): "three", 3 CTAs per SM for every 2-piece plan
# (next_sweep_three.patch; run 197: 4096x14336 17.7 us at 2,7,3 against the rule's 19.8);
# "two", the 2-piece kernel compiled for 2 CTAs per SM where it runs 2 (next_sweep_two_per_sm.patch);
# "lean", a shorter prologue (next_sweep_lean.patch, timing only).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "three=%docs/runs/run198/next_sweep_three.patch" "two=%docs/runs/run198/next_sweep_two_per_sm.patch" \
  "lean=%docs/runs/run199/next_sweep_lean.patch" > "$OUT/ab.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  lean= two= three= base= > "$OUT/ab2.txt" 2>&1
grep -vE "^\s*$" "$OUT/ab.txt" "$OUT/ab2.txt" | grep -v "^.*built" | tail -n 80

#!/usr/bin/env bash
# Run 179 (one device call, from the repository root; writes under $OUT): the tiled format with
# each tile's scales inside its stride (interleaved_scales.patch, tile stride 1152: "il") against
# the tree (c2992b1's kernel: "base"). interleaved.py times both on the task shapes, the layers and
# a padded shape (tiled, N = 1, W4A4 and W4A16 bf16) in the order base, il, il, base (both builds
# made in parallel first); compare.py then checks every output bitwise against base's first pass.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
S="$PWD/docs/runs/run179"
VARIANT_TAIL=20 VARIANT_CMD="$S/interleaved.py 1" bash scripts/device_variants.sh base= \
  "il=%docs/runs/run179/interleaved_scales.patch" > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$S/interleaved.py 2" bash scripts/device_variants.sh \
  "il=%docs/runs/run179/interleaved_scales.patch" base= >> "$OUT/times.txt" 2>&1
python3 "$S/compare.py" base1 il1 il2 base2 > "$OUT/compare.txt" 2>&1
cat "$OUT/times.txt" "$OUT/compare.txt"

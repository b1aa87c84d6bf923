#!/usr/bin/env bash
# Run 186 (one device call, from the repository root; writes under $OUT): the row-major integer k
# spans on 256 CTAs of 28 rows (ks28.patch) and 224 of 32 (ks32.patch) against the tree ("base"),
# by docs/runs/run186/spans.py in the order base, ks28, ks32, ks32, ks28, base.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
S="$PWD/docs/runs/run186/spans.py"
VARIANT_TAIL=3 VARIANT_CMD="$S" bash scripts/device_variants.sh base= "ks28=%docs/runs/run186/ks28.patch" \
  "ks32=%docs/runs/run186/ks32.patch" > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="$S" bash scripts/device_variants.sh "ks32=%docs/runs/run186/ks32.patch" \
  "ks28=%docs/runs/run186/ks28.patch" base= >> "$OUT/times.txt" 2>&1
cat "$OUT/times.txt"

#!/usr/bin/env bash
# Run 182 (one device call, from the repository root; writes under $OUT): even_more.patch ("more")
# against the tree ("base"), by docs/runs/run182/even_more.py in the order base, more, more, base.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
S="$PWD/docs/runs/run182/even_more.py"
VARIANT_TAIL=12 VARIANT_CMD="$S" bash scripts/device_variants.sh base= "more=%docs/runs/run182/even_more.patch" \
  > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$S" bash scripts/device_variants.sh \
  "more=%docs/runs/run182/even_more.patch" base= > "$OUT/times2.txt" 2>&1
cat "$OUT/times.txt" "$OUT/times2.txt"

#!/usr/bin/env bash
# Run 263 (twenty-ninth session; one device call, .variants carried): the two-column one-piece
# bound past 96 MiB after item 173 (BENCHMARKS.md item 175): head (.variants/head.cu = 33fc2d9's
# file) against bound28 (head with the bound at 2^28), crossover.py in two orders. Unchecked.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu bound28=@.variants/bound28.cu"
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $V > /dev/null 2>&1
for order in "head bound28" "bound28 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run263/crossover.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/crossover.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/crossover.txt"

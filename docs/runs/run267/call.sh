#!/usr/bin/env bash
# Run 267 (thirtieth session; one device call, .variants carried): (1) does the W4A16 sweep's time
# depend on the activation's bits (x_bits.py in head = the tree, 2dc4577; BENCHMARKS.md item 178);
# (2) the two-column one-piece bound between 132 and 189 MB (item 179): head against bound28 (head
# with the bound at 2^28), crossover.py in two orders. Unchecked timings.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu bound28=@.variants/bound28.cu"
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $V > /dev/null 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=8 VARIANT_CMD="$PWD/docs/runs/run267/x_bits.py" bash scripts/device_variants.sh \
  head=@.variants/head.cu >> "$OUT/x_bits.txt" 2>&1
for order in "head bound28" "bound28 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run267/crossover.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/crossover.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/x_bits.txt" "$OUT/crossover.txt"

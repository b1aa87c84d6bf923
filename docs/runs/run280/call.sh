#!/usr/bin/env bash
# Run 280 (BENCHMARKS.md items 186-187). Four builds of the kernel file (carry .variants):
# head = c9449b4's; p4 = with the 4-piece tile-sweep patch (run 279); p2skip = head with p4's
# per-warp skip (a warp whose chunks end skips the piece) in the 2-piece kernel; p4k = p4 with the
# 2-piece kernel's skip back to head's CTA-uniform one. Question: does the skip give p4's 2-3 us at
# K = 14336 (p2skip) and cost it ~1.3 us at K = 8192 (p4k)? Then layouts.py (row-major against
# tiled, N = 1..16) in head and p4k.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "head p4 p2skip p4k" "p4k p2skip p4 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run280/cols_focus.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/cols_focus.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/cols_focus.txt"
VARIANT_REUSE=1 VARIANT_TAIL=13 VARIANT_CMD="$PWD/docs/runs/run280/layouts.py" bash scripts/device_variants.sh \
  head=@.variants/head.cu p4k=@.variants/p4k.cu > "$OUT/layouts.txt" 2>&1
cat "$OUT/layouts.txt"

#!/usr/bin/env bash
# Run 242 (one device call, .variants carried): the W4A16 one-piece sweep at the most CTAs per SM
# that keep at most 14 (2 everywhere, as run 241), 16, 20 or 24 warps a SM (.variants/wN.cu:
# kSweep16OneWarps = N), on docs/runs/run242/ctas.py's shapes, two orders (BENCHMARKS.md item 160).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v w14 w16 w20 w24) > /dev/null 2>&1
for order in "w14 w16 w20 w24" "w24 w20 w16 w14"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run242/ctas.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/ctas.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/ctas.txt" | grep -v built

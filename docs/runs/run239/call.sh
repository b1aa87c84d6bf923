#!/usr/bin/env bash
# Run 239 (one device call, .variants carried): head (eb5e18e's kernels, before item 158) against
# tree (52b2607's, one piece a thread where that leaves fewer pieces past K), on the rows item 158
# moved and had not timed (docs/runs/run239/small_k.py), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head tree) > /dev/null 2>&1
for order in "head tree" "tree head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run239/small_k.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/small_k.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/small_k.txt" | grep -v built

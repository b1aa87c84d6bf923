#!/usr/bin/env bash
# Run 254 (one device call, .variants carried): the two-column W4A16 sweep's weight bound. head
# (the tree: the sweep up to 2^27 weight bytes, row tiles above) with the sweep on and off
# (NVFP4_GEMV_SWEEP16=0: the row tiles everywhere) against big2 (the sweep up to 2^29), crossover.py,
# two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head big2) > /dev/null 2>&1
for order in "head big2" "big2 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_ENVS="NVFP4_GEMV_SWEEP16=0 -" VARIANT_CMD="$PWD/docs/runs/run254/crossover.py" \
    bash scripts/device_variants.sh $(v $order) >> "$OUT/crossover.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/crossover.txt"

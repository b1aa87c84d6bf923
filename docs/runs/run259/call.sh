#!/usr/bin/env bash
# Run 259 (one device call, .variants carried): the bf16 two-column maxima by per-warp slots
# (BENCHMARKS.md item 172): head (the tree), slots, slotsfirst; two_cols.py in the order head,
# slots, slotsfirst, head (unchecked timings; the last device minutes of the session).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head slots slotsfirst) > /dev/null 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_CMD="$PWD/docs/runs/run259/two_cols.py" bash scripts/device_variants.sh \
  $(v head slots slotsfirst) head=@.variants/head.cu > "$OUT/two_cols.txt" 2>&1
grep -vE "^\s*$" "$OUT/two_cols.txt"

#!/usr/bin/env bash
# Run 169 (one device call, from the repository root; writes under $OUT): the split rule for
# N > 1 (plan_variant's factor, 14 for N <= 8 and 7 above, set in run 37 before the split's
# programmatic dependent launch, item 72; run 168: the reduction kernel costs 1.8-2.4 us at
# N = 2..16, item 120): as is against factors halved (f7: 7 / 3.5) and doubled (f28: 28 / 14),
# i.e. one power of two fewer / more splits, unchecked timings of scripts/time_shapes.py 15 tiled
# columns (W4A4 and W4A16 bf16, N = 2..16, 7168x16384 and 4096x4096, both layouts).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 15 tiled columns" bash scripts/device_variants.sh cur= \
  'f7=s/const double factor = kWide ? 7.0 : 14.0;/const double factor = kWide ? 3.5 : 7.0;/' \
  'f28=s/const double factor = kWide ? 7.0 : 14.0;/const double factor = kWide ? 14.0 : 28.0;/' \
  > "$OUT/splits.txt" 2>&1
cat "$OUT/splits.txt"

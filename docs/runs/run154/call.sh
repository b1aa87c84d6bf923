#!/usr/bin/env bash
# Run 154 (one device call, from the repository root; writes under $OUT): with the tiled format's
# one-word scale loads (ddd84c4), the tiled split rule again (item 103: "s1" never split, "s2"
# always 2) and the scale word without L1 allocation ("na"), against HEAD; time_shapes.py twice.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 420 \
  bash scripts/device_variants.sh head= \
  's1=s/    splits = tiled_balance_splits(units, p.K, kGrain, wave, dev.sms, max_splits);/    splits = 1;/' \
  's2=s/    splits = tiled_balance_splits(units, p.K, kGrain, wave, dev.sms, max_splits);/    splits = std::min(2, max_splits);/' \
  'na=s/@q ld.global.nc.u32 %0, \[%1\];/@q ld.global.nc.L1::no_allocate.u32 %0, [%1];/' \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | grep -E "==|built|tiled" | sed 's/gemv [0-9.]* us, //' | tail -n 80

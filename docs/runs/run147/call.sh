#!/usr/bin/env bash
# Run 147 (one device call, from the repository root; writes under $OUT): the tiled one-column
# split rule (tiled_balance_splits, measured with the fp16 item in runs 107/109) under the
# integer item: "head" (the rule: 7168x16384 splits K 4 ways, the other rows 1), "s1" (never
# split), "s2" (always 2 where the rule would take 1 or more); time_shapes.py, unchecked, twice.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 400 \
  bash scripts/device_variants.sh head= \
  's1=s/    splits = tiled_balance_splits(units, p.K, kGrain, wave, dev.sms, max_splits);/    splits = 1;/' \
  's2=s/    splits = tiled_balance_splits(units, p.K, kGrain, wave, dev.sms, max_splits);/    splits = std::min(2, max_splits);/' \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | grep -E "==|7168x16384|4096x7168|lm|151936|14336" | tail -n 40

#!/usr/bin/env bash
# Run 225: item 151's kept change (cur: the tree, 625c703) against 38a96cc's kernels (head:
# .variants/head.cu) under both flush methods on the two shapes it changes (ab_flush.py), two
# orders: run 224's bench showed the write-flush gain smaller than run 222's A/B, and its read-flush
# 7168x16384 row no faster than run 212's.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
for order in "head cur" "cur head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=4 VARIANT_CMD="$PWD/docs/runs/run225/ab_flush.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in head) echo "head=@.variants/head.cu";; *) echo "$v=";; esac; done) >> "$OUT/ab.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/ab.txt" | grep -v built

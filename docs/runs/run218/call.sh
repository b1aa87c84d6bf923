#!/usr/bin/env bash
# Run 218: the W4A16 sweep's bf16 exponent once more (run 217: e = 0 with the maximum still found
# through the shared atomic behind one barrier was as slow as the tree; e0, no maximum at all, was
# 0.3-0.6 us faster). spec2 (spec2.patch, a diagnostic: e = 0, each warp's maximum to its own
# shared slot with one REDUX, no atomic and no barrier before the rows; the column's read from the
# slots after them) against e287501 (base) and e0 (run 215's patch). next_sweep16.py, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "base e0 spec2" "spec2 e0 base"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=";; e0) echo "e0=%docs/runs/run215/next_bf16_e0.patch";;
      spec2) echo "spec2=%docs/runs/run218/spec2.patch";; esac; done) >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built

#!/usr/bin/env bash
# Run 217: what the W4A16 sweep's bf16 column exponent costs, taken apart (diagnostics, their output
# wrong where a column needs a rescale; next_sweep16.py times without checking). Against e287501
# (base, the tree): e0 (run 215's next_bf16_e0.patch: no maximum, e = 0), spec (spec.patch: e = 0,
# the maximum still found by the shared atomic but not waited for: the fast path of a speculative
# e = 0 checked after the rows), spec1 (spec1.patch: e = 0, both barriers kept: the wait without the
# rescale's multiplications). next_sweep16.py in two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "base e0 spec spec1" "spec1 spec e0 base"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=";; e0) echo "e0=%docs/runs/run215/next_bf16_e0.patch";;
      spec) echo "spec=%docs/runs/run217/spec.patch";; spec1) echo "spec1=%docs/runs/run217/spec1.patch";;
      esac; done) >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | grep -E "==|bf16"

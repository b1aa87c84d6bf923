#!/usr/bin/env bash
# Run 264 (twenty-ninth session; one device call, .variants carried): the bf16 two-column sweep's
# first loads back to .nc now that item 173 removed the barrier they were kept ahead of (same
# instruction order, only the .CONSTANT qualifier differs in sm_90a SASS; BENCHMARKS.md item 176):
# ncfirst (.variants/ncfirst.cu) against head (877c90e's file): the two-column tests in ncfirst,
# then docs/runs/run259/two_cols.py in two orders (unchecked timings).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu ncfirst=@.variants/ncfirst.cu"
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $V > /dev/null 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q tests/test_gpu_kernel.py -k two_columns" \
  bash scripts/device_variants.sh ncfirst=@.variants/ncfirst.cu > "$OUT/pytest.log" 2>&1
cat "$OUT/pytest.log"
for order in "head ncfirst" "ncfirst head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run259/two_cols.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/two_cols.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/two_cols.txt"

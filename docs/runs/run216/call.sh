#!/usr/bin/env bash
# Run 216: the sweeps' row split worked out on the host (div: the working tree = e287501 + the
# SweepRows change; the kernels' prologue loses 2-3 integer divisions, their first weight load ~60-100
# SASS earlier) against e287501 (base: .variants/head.cu = git show e287501:src/nvfp4_gemv/csrc/
# gemv_kernels.cu, carried). (1) kernel and feature tests on div (the L > 1 ranges changed: CTA b
# takes q + 1 rows where b < rem); stop if they fail. (2) time_shapes.py 20 (W4A4) and
# next_sweep16.py (W4A16) in two orders, unchecked timings.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh div= > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -4
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "div base" "base div"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=@.variants/head.cu";; *) echo "$v=";; esac; done) \
    >> "$OUT/w4a4.txt" 2>&1
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=@.variants/head.cu";; *) echo "$v=";; esac; done) \
    >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built

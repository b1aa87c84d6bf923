#!/usr/bin/env bash
# Run 227: the 4-piece one-warp sweep kernel (14336x4096, the lm_head) with its scale pairs by one
# 4-byte load a lane per 64 pieces and a SHFL + shift a piece (ws: .variants/ws.cu =
# wide_scales_4x1.patch on 5d3becc) against the tree (cur: .variants/cur.cu). The probe's sf2
# (runs 221-226) read those shapes' bytes 0.4 / 0.9-1.2 us faster; the kernel's hot loop is 565
# SASS against 525. Predicted: even to 2 us slower on the lm_head. (1) kernel tests on ws, stop on
# failure; (2) time_shapes.py 20, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh $(v ws) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -4
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "cur ws" "ws cur"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built

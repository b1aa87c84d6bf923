#!/usr/bin/env bash
# Run 230: the scale loads into 32-bit registers (ld_scales_if: `ld.global.nc.u16 %r32` after a
# `mov.b32 %r, 0`, where it loaded a 16-bit register and converted it). Run 229's PC sampling put
# 57% of the 8-warp sweep's hot-loop samples (long scoreboard) on the two LOP3 ... 0xffff that
# ptxas placed right after each row's new scale loads, the 16-bit value's move into the
# loop-carried register: each warp waited there for the loads it had just issued. w32: the working
# tree's gemv_kernels.cu; head: HEAD's. (1) kernel + feature tests on w32, stop on failure; (2)
# time_shapes.py 20 columns tiled (W4A4; N = 2..16 and W4A16 bf16 at N > 1; both layouts), two
# orders; (3) next_sweep16.py (W4A16 at N = 1), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh $(v w32 head) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -6
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "head w32" "w32 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
for order in "head w32" "w32 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | sed -E 's/ row-major / rm /g'

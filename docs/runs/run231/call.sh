#!/usr/bin/env bash
# Run 231: (a) w32e: run 230's w32 (the scale loads into 32-bit registers) with the one-warp bf16
# W4A16 sweep's spill removed (its segment exponent read again from shared memory); (b) sf2: w32e
# plus the row-major row tiles and k spans holding their two 16-bit scale loads in two words
# (Item::sf[2]) instead of packing them into one right after the loads. head: HEAD's kernels.
# (1) kernel + feature tests on sf2, stop on failure; (2) time_shapes.py 20 tiled columns on w32e
# and sf2, two orders; (3) next_sweep16.py (W4A16 at N = 1) on head and sf2, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v sf2 w32e head) > "$OUT/builds.txt" 2>&1  # all three at once
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh $(v sf2) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -2
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "w32e sf2" "sf2 w32e"; do
  VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
for order in "head sf2" "sf2 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | sed -E 's/ row-major / rm /g'
rm -f "$OUT/builds.txt"

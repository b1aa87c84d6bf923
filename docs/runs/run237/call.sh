#!/usr/bin/env bash
# Run 237 (one device call, .variants carried): one 32-value piece a thread in the W4A4 row sweep
# where it leaves fewer idle pieces than 2 or 4 (K / 1024 odd: 4096x7168x8 and 2048x7168 run
# 7 warps a row, no idle piece, against 4 x 2 and 2 x 4 with 1/8 idle), 4 rows in flight a thread
# (pair butterflies), at 4 CTAs per SM (p1a, 72 registers) or 3 (p1b). The old one-piece trial
# (8 rows in flight, before item 154) had lost everywhere, with each row waiting on its fresh scale
# loads. head: the tree. (1) kernel tests on p1a (stop on failure); (2) time_shapes.py 20, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head p1a p1b) > "$OUT/builds.txt" 2>&1
cat "$OUT/builds.txt"
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" \
  bash scripts/device_variants.sh $(v p1a) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt"
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "head p1a p1b" "p1b p1a head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
rm -f "$OUT/builds.txt"

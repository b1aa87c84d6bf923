#!/usr/bin/env bash
# Run 199 (2026-12-01): (1) the row sweep's activation loads after the first weight loads
# ("order": every plan; "order4": 4-piece plans only; both keep every x path) and run 198's "lean"
# (timing only), against the tree (3 CTAs per SM for 2 pieces, commit of run 198's rule), both
# orders (time_shapes.py, unchecked); (2) the W4A16 row sweep (next_sweep16.patch, never run): the
# kernel tests with it, then next_sweep16.py with it, without it, with it again.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "order=%docs/runs/run199/next_sweep_order.patch" "order4=%docs/runs/run199/next_sweep_order4.patch" \
  "lean=%docs/runs/run199/next_sweep_lean.patch" > "$OUT/ab.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  lean= order4= order= base= > "$OUT/ab2.txt" 2>&1
grep -vE "^\s*$" "$OUT/ab.txt" "$OUT/ab2.txt" | grep -v "built" | sed 's/^.*\.txt://' | tail -n 80
export PYTHONPATH="$PWD/src"
git apply docs/runs/run199/next_sweep16.patch || exit 1
NVFP4_GEMV_CACHE_DIR=/tmp/c_s16 timeout 180 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 15 > "$OUT/tests.txt"
cat "$OUT/tests.txt"
NVFP4_GEMV_CACHE_DIR=/tmp/c_s16 timeout 70 python3 docs/runs/next_sweep16.py > "$OUT/s16.txt" 2>&1
git apply -R docs/runs/run199/next_sweep16.patch
NVFP4_GEMV_CACHE_DIR=/tmp/c_base timeout 140 python3 docs/runs/next_sweep16.py > "$OUT/base.txt" 2>&1
git apply docs/runs/run199/next_sweep16.patch
NVFP4_GEMV_CACHE_DIR=/tmp/c_s16 timeout 70 python3 docs/runs/next_sweep16.py > "$OUT/s16b.txt" 2>&1
git apply -R docs/runs/run199/next_sweep16.patch
for f in s16 base s16b; do echo "== $f"; cat "$OUT/$f.txt"; done

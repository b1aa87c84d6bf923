#!/usr/bin/env bash
# Prepared for the next session (not run; about 6 device minutes): the W4A16 row sweep
# (docs/runs/next_sweep16.patch: sweep16_kernel, fp16 / bf16 x in registers, the products on the
# tensor core with the activation's chunks as B's columns; written without a GPU, so the kernel
# tests first, on the device's copy of the tree with the patch applied), then W4A16 N = 1 timings
# with it (docs/runs/next_sweep16.py), without it (patch reverted), and with it again; then each
# side of the W4A4 sweep alone (next_sweep_nodecode.patch: the decode replaced by an XOR;
# next_sweep_nomem.patch: each group re-reading its first rows from L2), unchecked.
# BENCHMARKS.md "Next steps" (the row sweep, point 5; item 134).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src"
git apply docs/runs/next_sweep16.patch || exit 1
NVFP4_GEMV_CACHE_DIR=/tmp/c_s16 timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 15 > "$OUT/tests.txt"
NVFP4_GEMV_CACHE_DIR=/tmp/c_s16 timeout 100 python3 docs/runs/next_sweep16.py > "$OUT/s16.txt" 2>&1
git apply -R docs/runs/next_sweep16.patch
NVFP4_GEMV_CACHE_DIR=/tmp/c_base timeout 100 python3 docs/runs/next_sweep16.py > "$OUT/base.txt" 2>&1
git apply docs/runs/next_sweep16.patch
NVFP4_GEMV_CACHE_DIR=/tmp/c_s16 timeout 100 python3 docs/runs/next_sweep16.py > "$OUT/s16b.txt" 2>&1
git apply -R docs/runs/next_sweep16.patch
cat "$OUT/tests.txt"; for f in s16 base s16b; do echo "== $f"; cat "$OUT/$f.txt"; done
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "nodecode=%docs/runs/next_sweep_nodecode.patch" "nomem=%docs/runs/next_sweep_nomem.patch" > "$OUT/sides.txt" 2>&1
grep -vE "^\s*$" "$OUT/sides.txt" | tail -n 30

#!/usr/bin/env bash
# Run 200 (2026-12-01): (1) the kernel tests on the tree with the W4A16 row sweep (sweep16_kernel,
# its weight loads now before the activation's; the W4A4 sweep's one-path activation loads);
# (2) W4A16 one-column timings with it and with NVFP4_GEMV_SWEEP16=0 (docs/runs/next_sweep16.py,
# alternating, unchecked); (3) each side of the W4A4 sweep alone (next_sweep_nodecode.patch: the
# decode replaced by an XOR; next_sweep_nomem.patch: each group re-reading its first rows), against
# the tree (time_shapes.py, unchecked).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/c_tree
timeout 240 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 15 > "$OUT/tests.txt"
tail -n 6 "$OUT/tests.txt"
timeout 60 python3 docs/runs/next_sweep16.py > "$OUT/s16.txt" 2>&1
NVFP4_GEMV_SWEEP16=0 timeout 60 python3 docs/runs/next_sweep16.py > "$OUT/off.txt" 2>&1
timeout 60 python3 docs/runs/next_sweep16.py > "$OUT/s16b.txt" 2>&1
for f in s16 off s16b; do echo "== $f"; cat "$OUT/$f.txt"; done
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "nodecode=%docs/runs/next_sweep_nodecode.patch" "nomem=%docs/runs/run200/next_sweep_nomem.patch" > "$OUT/sides.txt" 2>&1
grep -vE "^\s*$" "$OUT/sides.txt" | grep -v built | tail -n 30

#!/usr/bin/env bash
# Run 180 (one device call, from the repository root; writes under $OUT): every CTA the same number
# of row units (16-row bands in the tiled format, rows otherwise) where a plan does not split,
# with fewer CTAs where units do not divide evenly ("evenonly": even_rows.patch), and the same
# without the tiled format's balance split at one column ("even": even_rows_nosplit.patch; tiled
# 7168x16384 then runs 224 CTAs of 2 bands, the order item 90's probe read at the floor), against
# the tree ("base"). scripts/time_shapes.py 20 tiled columns (unchecked timings), in the order
# base, even, evenonly, then evenonly, even, base; then the GPU kernel tests on "even".
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
P=docs/runs/run180
VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" bash scripts/device_variants.sh base= \
  "even=%$P/even_rows_nosplit.patch" "evenonly=%$P/even_rows.patch" > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" bash scripts/device_variants.sh \
  "evenonly=%$P/even_rows.patch" "even=%$P/even_rows_nosplit.patch" base= > "$OUT/times2.txt" 2>&1
cat "$OUT/times.txt" "$OUT/times2.txt"
cd /tmp/nvfp4_variants/even && NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 150 python3 -m pytest -q \
  tests/test_gpu_kernel.py 2>&1 | tail -n 3 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 185 (one device call, from the repository root; writes under $OUT): equal whole bands in the
# tiled split plans too ("evs", even_split.patch) against the tree ("base"), by
# docs/runs/run185/columns.py in the order base, evs, evs, base; then the GPU kernel tests on "evs".
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
S="$PWD/docs/runs/run185/columns.py"
VARIANT_TAIL=12 VARIANT_CMD="$S" bash scripts/device_variants.sh base= "evs=%docs/runs/run185/even_split.patch" \
  > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$S" bash scripts/device_variants.sh \
  "evs=%docs/runs/run185/even_split.patch" base= > "$OUT/times2.txt" 2>&1
cat "$OUT/times.txt" "$OUT/times2.txt"
cd /tmp/nvfp4_variants/evs && NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 120 python3 -m pytest -q \
  tests/test_gpu_kernel.py 2>&1 | tail -n 1 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

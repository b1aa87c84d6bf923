#!/usr/bin/env bash
# Prepared for the next session (not run; about 4 device minutes in all): row blocks that keep
# every CTA inside one batch (docs/runs/next_batch_aligned.patch, "aligned") against the tree ("base"), by
# docs/runs/next_batch_aligned.py in the order base, aligned, aligned, base; then the GPU kernel
# tests on "aligned". BENCHMARKS.md "Next steps" says why (item 130's 263-CTA loss).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
S="$PWD/docs/runs/next_batch_aligned.py"
VARIANT_TAIL=8 VARIANT_CMD="$S" bash scripts/device_variants.sh base= "aligned=%docs/runs/next_batch_aligned.patch" \
  > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=8 VARIANT_CMD="$S" bash scripts/device_variants.sh \
  "aligned=%docs/runs/next_batch_aligned.patch" base= > "$OUT/times2.txt" 2>&1
cat "$OUT/times.txt" "$OUT/times2.txt"
(cd /tmp/nvfp4_variants/aligned && NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 120 python3 -m pytest -q \
  tests/test_gpu_kernel.py 2>&1 | tail -n 1 > "$OUT/pytest.log")
cat "$OUT/pytest.log"
# Second part (about 2 device minutes): each side alone of the tiled integer item on today's plans
# (item 118 measured them on the 4-way split before item 129): the decode replaced by an XOR
# ("tnd", the memory side) and the weights re-read from L2 ("tnm", the compute side), unchecked.
VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 300 bash scripts/device_variants.sh head= \
  tnd=%docs/runs/next_tile_dot_nodecode.patch tnm=%docs/runs/run165/tile_nomem.patch > "$OUT/sides.txt" 2>&1
grep -vE "^\s*$" "$OUT/sides.txt" | tail -n 40

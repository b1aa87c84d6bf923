#!/usr/bin/env bash
# Run 278: the tile sweep's copies in row order (roworder: copy c = tid + 512 k is chunk c % chunks of
# row c / chunks, the probe's order) against warp w copying row w (rows16: commit 6525fe7's kernel),
# n58.py in each, two orders; then N = 5 on the row tiles (NVFP4_GEMV_SWEEP8=0) in roworder's build.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "rows16 roworder" "roworder rows16"; do
  VARIANT_REUSE=1 VARIANT_TAIL=8 VARIANT_CMD="$PWD/docs/runs/run278/n58.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/n58.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=8 VARIANT_ENVS="NVFP4_GEMV_SWEEP8=0" VARIANT_CMD="$PWD/docs/runs/run278/n58.py" \
  bash scripts/device_variants.sh roworder=@.variants/roworder.cu >> "$OUT/n58.txt" 2>&1
grep -vE "^\s*$" "$OUT/n58.txt"
VARIANT_REUSE=1 VARIANT_TAIL=4 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py -k tile_sweep" \
  bash scripts/device_variants.sh roworder=@.variants/roworder.cu > "$OUT/pytest.log" 2>&1
tail -n 4 "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 417: two W4A4 sweep changes (BENCHMARKS.md items 255-256) against the tree (commit e895ba7):
# rowmaj.patch, the scales' row offset as first * row_stride (the sweep takes row-major scales only,
# sweep_weights_fit; no layout branch before the first loads); pair41.patch, the two-row butterfly
# (kPairReduce) in the 4-piece one-warp kernel too (sweep_kernel<4, 1>: 14336x4096, the lm_head).
# Builds the three copies in parallel (scripts/device_variants.sh), times ab417.py 20 in the orders
# base / rowmaj / pair41 / pair41 / rowmaj / base, then the kernel, feature and NVFP4Linear GPU
# tests on both.patch (the two together).
# Usage (device, from the repo root): bash docs/runs/run417/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run417
VARIANT_CMD="$PWD/$R/ab417.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base rowmaj pair41 pair41 rowmaj base" \
  bash scripts/device_variants.sh base= rowmaj=%$R/rowmaj.patch pair41=%$R/pair41.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_TAIL=8 timeout 260 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh both=%$R/both.patch > "$OUT/tests_both.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_both.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

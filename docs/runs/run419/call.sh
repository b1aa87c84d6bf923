#!/usr/bin/env bash
# Run 419: the W4A4 sweep's warp sums of 4 rows in one butterfly (BENCHMARKS.md item 257) against
# the tree (commit 717a0ad): quad.patch, rows_warp_sum<4> in the one-piece kernels (4 rows in
# flight a thread; 2 x pair_warp_sum before); quadall.patch, that and the 1- and 2-piece kernels'
# rows summed 4 to a butterfly over two windows of 2. Builds the three copies in parallel
# (scripts/device_variants.sh), times ab419.py 20 in the orders base / quad / quadall / quadall /
# quad / base, then the kernel, feature and NVFP4Linear GPU tests on quadall.patch.
# Usage (device, from the repo root): bash docs/runs/run419/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run419
VARIANT_CMD="$PWD/$R/ab419.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base quad quadall quadall quad base" \
  bash scripts/device_variants.sh base= quad=%$R/quad.patch quadall=%$R/quadall.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_TAIL=8 timeout 260 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh quadall=%$R/quadall.patch > "$OUT/tests_quadall.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_quadall.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

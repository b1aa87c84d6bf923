#!/usr/bin/env bash
# Run 429: the 2-piece W4A4 sweep kernel of 2 groups of 3 warps at 4 CTAs an SM, which moves item
# 259's one-piece plans on K = 5121..6144 past 16 MiB back to 2 pieces (BENCHMARKS.md item 265;
# p23.patch: sweep_ctas_per_sm 4 for every 1- or 2-piece CTA of fewer than 8 warps) against the
# tree (the kernels of 77c5500). Builds both copies in parallel (scripts/device_variants.sh), times
# ab429.py 20 in the orders base / p23 / p23 / base, then the kernel, feature and NVFP4Linear GPU
# tests on the p23 copy (VARIANT_REUSE); no memcheck (the kernels' code is the base's, launch
# bounds aside; the base was memchecked in run 428).
# Usage (device, from the repo root): bash docs/runs/run429/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run429
VARIANT_CMD="$PWD/$R/ab429.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base p23 p23 base" \
  bash scripts/device_variants.sh base= p23=%$R/p23.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh p23=%$R/p23.patch > "$OUT/tests_p23.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_p23.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 432: sweep_kernel with L == 1 at compile time (BENCHMARKS.md item 267; l1.patch: a kOneBatch
# template parameter, the L == 1 instances launched where p.L == 1, the others' SASS the tree's)
# against the tree (commit 20c5642, the kernels of 77c5500). Builds both copies in parallel
# (scripts/device_variants.sh), times ab432.py 20 in the orders base / l1 / l1 / base, then the
# kernel, feature and NVFP4Linear GPU tests on the l1 copy (VARIANT_REUSE).
# Usage (device, from the repo root): bash docs/runs/run432/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run432
VARIANT_CMD="$PWD/$R/ab432.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base l1 l1 base" \
  bash scripts/device_variants.sh base= l1=%$R/l1.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh l1=%$R/l1.patch > "$OUT/tests_l1.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_l1.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; cat "$OUT/env.txt"

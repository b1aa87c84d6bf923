#!/usr/bin/env bash
# Run 424: the W4A4 sweep's 2-piece kernels of one group of 5 or 6 warps at 4 CTAs an SM (20 and
# 24 warps) in place of 3 (BENCHMARKS.md item 260; cta4.patch: sweep_ctas_per_sm, the kernels'
# launch bounds and sweep_plan's grid; 80-96 registers, no spills) against the tree (commit
# b0571b1). Builds both copies in parallel (scripts/device_variants.sh), times ab424.py 20 in the
# orders base / cta4 / cta4 / base, then the kernel, feature and NVFP4Linear GPU tests on the cta4
# copy already built (VARIANT_REUSE).
# Usage (device, from the repo root): bash docs/runs/run424/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run424
VARIANT_CMD="$PWD/$R/ab424.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base cta4 cta4 base" \
  bash scripts/device_variants.sh base= cta4=%$R/cta4.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 230 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh cta4=%$R/cta4.patch > "$OUT/tests_cta4.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_cta4.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

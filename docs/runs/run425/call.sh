#!/usr/bin/env bash
# Run 425: the W4A4 sweep's 2-piece kernel on one group of 7 warps at 4 CTAs an SM (28 warps) in
# place of 3 (21), its fused-quantization twin kept at 3 (it spills at 4's 72 registers), and the
# 4-piece kernel on 5 warps at 3 (15 warps, 128 registers) in place of 2 (BENCHMARKS.md item 261;
# warps.patch) against the tree (commit 9720c2e). Builds both copies in parallel
# (scripts/device_variants.sh), times ab425.py 20 in the orders base / warps / warps / base, then
# the kernel, feature and NVFP4Linear GPU tests on the warps copy already built (VARIANT_REUSE; the
# feature tests include the dynamic cases added in 89b8045 and a fused 7-warp one), then
# compute-sanitizer memcheck on all of scripts/memcheck_cases.py in that copy.
# Usage (device, from the repo root): bash docs/runs/run425/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run425
WORK=${WORK:-/tmp/nvfp4_variants}
VARIANT_CMD="$PWD/$R/ab425.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base warps warps base" \
  bash scripts/device_variants.sh base= warps=%$R/warps.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 230 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh warps=%$R/warps.patch > "$OUT/tests_warps.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
(cd "$WORK/warps" && cp "$OLDPWD/scripts/memcheck_cases.py" scripts/ && NVFP4_GEMV_CACHE_DIR="$WORK/warps/cache" \
   PYTHONPATH=src timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | tail -n 8
 echo "memcheck exit ${PIPESTATUS[0]}") > "$OUT/memcheck_warps.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_warps.txt"; tail -n 3 "$OUT/memcheck_warps.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 428: the GPU tests and memcheck on commit 77c5500 (items 262-263 and the kernels they left
# unreached dropped from the build), and a probe: every 2-piece W4A4 sweep kernel at 4 CTAs an SM
# (BENCHMARKS.md item 264; p2c4.patch: the 8-warp CTAs spill 44-56 bytes there, the 2 x 3 one
# none). Builds both copies in parallel (scripts/device_variants.sh), times ab428.py 20 in the
# orders base / p2c4 / p2c4 / base, then the kernel, feature and NVFP4Linear GPU tests on the base
# copy (the commit; VARIANT_REUSE), then compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py in that copy.
# Usage (device, from the repo root): bash docs/runs/run428/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run428
WORK=${WORK:-/tmp/nvfp4_variants}
VARIANT_CMD="$PWD/$R/ab428.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base p2c4 p2c4 base" \
  bash scripts/device_variants.sh base= p2c4=%$R/p2c4.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 230 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh base= > "$OUT/tests_base.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
(cd "$WORK/base" && cp "$OLDPWD/scripts/memcheck_cases.py" scripts/ && NVFP4_GEMV_CACHE_DIR="$WORK/base/cache" \
   PYTHONPATH=src timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | tail -n 8
 echo "memcheck exit ${PIPESTATUS[0]}") > "$OUT/memcheck_base.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_base.txt"; tail -n 3 "$OUT/memcheck_base.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; cat "$OUT/env.txt"

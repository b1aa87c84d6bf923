#!/usr/bin/env bash
# Run 437 (BENCHMARKS.md item 268): the band sweep in the library (band16_kernel: W4A16 at one
# column and L = 1 on the tiled format, sm_90) against the tree without it (base.patch undoes it:
# the row tiles). Builds both copies in parallel (scripts/device_variants.sh), times ab437.py 20 in
# the orders base / band / band / base, then the kernel, feature and NVFP4Linear GPU tests on the
# band copy (VARIANT_REUSE), then compute-sanitizer memcheck on the band sweep's cases
# (memcheck437.py, in the band copy's build).
# Usage (device, from the repo root): bash docs/runs/run437/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run437
VARIANT_CMD="$PWD/$R/ab437.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base band band base" \
  bash scripts/device_variants.sh base=%$R/base.patch band= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 240 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh band= > "$OUT/tests_band.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/band" && NVFP4_GEMV_CACHE_DIR="$WORK/band/cache" PYTHONPATH=src timeout 120 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/$R/memcheck437.py" 2>&1 | tail -n 12) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_band.txt"; cat "$OUT/memcheck.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; grep "band16\|sweep\|gemv_kernel" "$OUT/sides.txt" | head -8; cat "$OUT/env.txt"

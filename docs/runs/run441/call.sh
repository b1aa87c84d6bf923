#!/usr/bin/env bash
# Run 441 (BENCHMARKS.md item 270): the tile sweep on the tiled weight format (sweep8_kernel<..,
# true>: 3..16 columns at L = 1, and 2 past K = 16384) against the tree without it (base.patch
# undoes it: the tiled format's row tiles). Builds both copies in parallel
# (scripts/device_variants.sh), times ab441.py 20 in the orders base / tiles / tiles / base, then
# compute-sanitizer memcheck on the tiled tile sweep's cases (memcheck441.py, the new copy's build).
# Usage (device, from the repo root): bash docs/runs/run441/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run441
VARIANT_CMD="$PWD/$R/ab441.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base tiles tiles base" timeout 420 \
  bash scripts/device_variants.sh base=%$R/base.patch tiles= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/tiles" && NVFP4_GEMV_CACHE_DIR="$WORK/tiles/cache" PYTHONPATH=src timeout 100 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/$R/memcheck441.py" 2>&1 | tail -n 12) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/memcheck.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; grep "sweep8\|gemv_kernel" "$OUT/sides.txt" | head -3; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 450 (BENCHMARKS.md item 273): two activation columns on the tile sweep (sweep8_fits from N >=
# 2: where the two-column row sweep does not fit on row-major weights, and on the tiled format at
# every K) against the tree without it (base.patch undoes it: the row tiles there). Builds both
# copies in parallel (scripts/device_variants.sh), times ab450.py 20 in the orders base / n2 / n2 /
# base, then the tile sweep's GPU tests (with the new N = 2 cases) on the new copy, then
# compute-sanitizer memcheck on memcheck450.py (N = 2 tile-sweep cases).
# Usage (device, from the repo root): bash docs/runs/run450/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run450
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SHAPES=4096x4096,14336x4096,4096x14336,7168x2048,2048x7168,5120x5120,7168x16384,151936x4096,57344x8192,36864x8192,26624x8192,100000x2048,65536x4096
VARIANT_CMD="$PWD/$R/ab450.py 20 $SHAPES" VARIANT_TAIL=60 VARIANT_ORDER="base n2 n2 base" timeout 400 \
  bash scripts/device_variants.sh base=%$R/base.patch n2= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=6 timeout 120 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k tile_sweep" \
  bash scripts/device_variants.sh n2= > "$OUT/tests.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/n2" && NVFP4_GEMV_CACHE_DIR="$WORK/n2/cache" PYTHONPATH=src timeout 90 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/$R/memcheck450.py" 2>&1 | tail -n 4) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
sed 's/ | [a-z-]*: [^|]*$//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"
grep -o "[a-z-]*: [a-z0-9_]*kernel<[^;]*" "$OUT/sides.txt" | sort | uniq -c; cat "$OUT/env.txt"

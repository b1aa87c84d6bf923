#!/usr/bin/env bash
# Run 444 (BENCHMARKS.md item 271): the band sweep for any K (band16_kernel<.., kRagged>: each
# warp's last group partly empty where K is no multiple of 2048 C) against the tree without it
# (base.patch undoes it: the row tiles there). Builds both copies in parallel
# (scripts/device_variants.sh), times ab444.py 20 in the orders base / ragged / ragged / base, then
# the short K forced (NVFP4_GEMV_BAND16=1: base / ragged), then the band sweep's and the tiled GPU
# tests on the new copy, then compute-sanitizer memcheck on memcheck444.py.
# Usage (device, from the repo root): bash docs/runs/run444/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run444
SHAPES=2048x7168,4096x7168,7168x7168,5120x5120,13824x5120,5120x13824,3584x3584,18944x3584,3584x18944,4096x11008,14336x14336,7168x16384,7168x2048
SHORT=4096x1024,7168x1536,4096x2080
VARIANT_CMD="$PWD/$R/ab444.py 20 $SHAPES" VARIANT_TAIL=40 VARIANT_ORDER="base ragged ragged base" timeout 330 \
  bash scripts/device_variants.sh base=%$R/base.patch ragged= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_CMD="$PWD/$R/ab444.py 20 $SHORT" VARIANT_ENVS="NVFP4_GEMV_BAND16=1" VARIANT_TAIL=10 \
  VARIANT_ORDER="base ragged" timeout 60 bash scripts/device_variants.sh base=%$R/base.patch ragged= > "$OUT/short.txt" 2>&1
echo "short ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=6 timeout 120 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k tiled" \
  bash scripts/device_variants.sh ragged= > "$OUT/tests.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/ragged" && NVFP4_GEMV_CACHE_DIR="$WORK/ragged/cache" PYTHONPATH=src timeout 60 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/$R/memcheck444.py" 2>&1 | tail -n 4) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
for f in sides short; do sed 's/ | \[[^]]*\]//' "$OUT/$f.txt" | grep -v "^built\|arn\|_warn_once"; done
grep -o "\['[a-z0-9_]*kernel<[^]]*\]" "$OUT/sides.txt" | sort | uniq -c; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 445 (BENCHMARKS.md item 271): the band sweep for any K with band16_cluster counting a CTA's
# tile slots a warp (its bands times a band's slots) and taken at every K, against the tree
# without the item (base.patch undoes it: the row tiles where K is no multiple of 2048). Builds
# both copies in parallel, times docs/runs/run444/ab444.py 20 in the orders base / ragged / ragged
# / base on the shapes whose plan changed since run 444 (13824x5120, 27648x5120: one CTA a
# cluster, not 2; 4096x1024, 2048x1536: taken by default now) and run 444's others as controls,
# then every GPU test of the kernel, the features and NVFP4Linear on the new copy, then
# compute-sanitizer memcheck on run 444's cases.
# Usage (device, from the repo root): bash docs/runs/run445/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run445
SHAPES=13824x5120,27648x5120,4096x1024,2048x1536,5120x5120,2048x7168,7168x7168,7168x16384,14336x4096
VARIANT_CMD="$PWD/docs/runs/run444/ab444.py 20 $SHAPES" VARIANT_TAIL=20 VARIANT_ORDER="base ragged ragged base" \
  timeout 240 bash scripts/device_variants.sh base=%$R/base.patch ragged= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 260 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh ragged= > "$OUT/tests.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/ragged" && NVFP4_GEMV_CACHE_DIR="$WORK/ragged/cache" PYTHONPATH=src timeout 60 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/docs/runs/run444/memcheck444.py" 2>&1 | tail -n 4) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"
grep -o "^[0-9x]* \|\['[a-z0-9_]*kernel<[^]]*\]" "$OUT/sides.txt" | paste - - | sort | uniq -c; cat "$OUT/env.txt"

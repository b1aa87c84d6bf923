#!/usr/bin/env bash
# Run 451 (BENCHMARKS.md item 273): the launch rule for 2-3 columns (sweep8_pays: the tile sweep
# at two columns past the two-column row sweep's bounds where K >= 4096 on row-major weights, and
# at 2-3 columns on the tiled format up to 2^26 bytes of weights, the row tiles past it) against
# the tree without it (base.patch undoes it: commit 168829d's src). Builds both copies in parallel
# (scripts/device_variants.sh), times docs/runs/run450/ab450.py 20 in the orders base / rule /
# rule / base, then every GPU test of the kernel, features and NVFP4Linear on the new copy, then
# compute-sanitizer memcheck on docs/runs/run450/memcheck450.py.
# Usage (device, from the repo root): bash docs/runs/run451/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run451
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SHAPES=4096x4096,14336x4096,4096x14336,7168x2048,2048x7168,5120x5120,7168x16384,8192x28672,151936x4096,57344x8192,36864x8192,26624x8192,100000x2048,65536x4096
VARIANT_CMD="$PWD/docs/runs/run450/ab450.py 20 $SHAPES" VARIANT_TAIL=60 VARIANT_ORDER="base rule rule base" timeout 300 \
  bash scripts/device_variants.sh base=%$R/base.patch rule= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=6 timeout 240 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh rule= > "$OUT/tests.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/rule" && NVFP4_GEMV_CACHE_DIR="$WORK/rule/cache" PYTHONPATH=src timeout 40 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/docs/runs/run450/memcheck450.py" 2>&1 | tail -n 4) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
sed 's/ | [a-z-]*: [^|]*$//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once" | tail -n 45
grep -o "[a-z-]*: [a-z0-9_]*kernel<[^;]*" "$OUT/sides.txt" | sort | uniq -c; cat "$OUT/env.txt"

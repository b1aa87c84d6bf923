#!/usr/bin/env bash
# Run 454 (BENCHMARKS.md item 274): band16_kernel with a band's groups in one loop (the last group's
# loads ask for the next band's first tiles through a selected pointer jump, where the loop and a
# copy of its body after it did) and KC / T by the ragged form for every K (the unragged form's
# values, which that form reduces to, no longer written apart) against commit 8f8c190's src
# (base.patch undoes it). Hot loops 252 / 255 SASS (bf16 unragged / ragged) against 237 / 243, the
# kernels ~220 instructions shorter. Builds both copies in parallel (scripts/device_variants.sh),
# times docs/runs/run444/ab444.py 20 in the orders base / one / one / base, then the band sweep's
# GPU tests on the new copy, then compute-sanitizer memcheck on docs/runs/run444/memcheck444.py.
# Usage (device, from the repo root): bash docs/runs/run454/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run454
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SHAPES=7168x16384,8192x28672,151936x4096,4096x4096,14336x4096,4096x14336,7168x2048,2048x7168,5120x13824
VARIANT_CMD="$PWD/docs/runs/run444/ab444.py 20 $SHAPES" VARIANT_TAIL=40 VARIANT_ORDER="base one one base" timeout 330 \
  bash scripts/device_variants.sh base=%$R/base.patch one= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=4 timeout 100 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k band" \
  bash scripts/device_variants.sh one= > "$OUT/tests.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/one" && NVFP4_GEMV_CACHE_DIR="$WORK/one/cache" PYTHONPATH=src timeout 40 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 "$OLDPWD/docs/runs/run444/memcheck444.py" 2>&1 | tail -n 3) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; cat "$OUT/env.txt"

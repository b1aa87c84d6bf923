#!/usr/bin/env bash
# Run 261 (twenty-ninth session; one device call, .variants carried): item 173, bf16's exponent
# per warp (the tree: .variants/wexp.cu) against head (.variants/head.cu = 85d64d7's file): the
# kernel, feature and NVFP4Linear tests with the GPU on the tree, memcheck, bf16_wexp.py in two
# orders; and item 174, the two-column one-piece bound at 2^27 (bound27: head with that bound)
# against head between 33 and 132 MB, crossover.py in two orders. Unchecked timings.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu wexp=@.variants/wexp.cu bound27=@.variants/bound27.cu"
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $V > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
for order in "head wexp" "wexp head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=14 VARIANT_CMD="$PWD/docs/runs/run261/bf16_wexp.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/bf16_wexp.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/bf16_wexp.txt"
for order in "head bound27" "bound27 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run261/crossover.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/crossover.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/crossover.txt"

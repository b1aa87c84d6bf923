#!/usr/bin/env bash
# Run 268 (thirtieth session; one device call, .variants carried): the tree of items 178-179
# (every activation column loaded before any column's maximum in the bf16 two-column sweep; the
# two-column one-piece bound 2^27). .variants/head.cu = 2dc4577's gemv_kernels.cu, cols.cu = the
# tree's, cols28.cu = the tree's with the bound at 2^28. Build; the kernel, feature, NVFP4Linear
# and plan-rule tests with the GPU; memcheck; then docs/runs/run261/bf16_wexp.py in head and cols,
# two orders, and docs/runs/run267/crossover.py in cols and cols28, two orders (unchecked timings).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu cols=@.variants/cols.cu cols28=@.variants/cols28.cu"
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $V > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py tests/test_plan_rules.py 2>&1 | tail -n 20 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
for order in "head cols" "cols head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=14 VARIANT_CMD="$PWD/docs/runs/run261/bf16_wexp.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/bf16_wexp.txt" 2>&1
done
for order in "cols cols28" "cols28 cols"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run267/crossover.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/crossover.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/bf16_wexp.txt" "$OUT/crossover.txt"

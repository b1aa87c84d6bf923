#!/usr/bin/env bash
# Prepared in the twenty-ninth session (not run: no device time left), for the tree with
# docs/runs/next_bf16_hmul2.patch applied (git apply it; save the tree before it first with
# git show HEAD:src/nvfp4_gemv/csrc/gemv_kernels.cu > .variants/head.cu, and the patched file as
# .variants/hb.cu; carry .variants). The patch: the W4A16 sweep's bf16 activation scaled by 2^e
# with HMUL2.BF16 on pairs instead of 2 FMUL per value (bitwise the same fp16; sm_90a: the bf16
# sweep prologues 16-129 SASS shorter, 256 FMUL -> 128 HMUL2.BF16 in the two-column 2-piece kernel,
# the 8-warp one-column hot loop 702 -> 694; no spills; test_compile_targets passes with it).
# Predicted: bf16 0.1-0.3 us faster at N = 2, even to 0.2 faster at N = 1.
# This call: build; the kernel, feature and NVFP4Linear tests with the GPU; memcheck; then
# docs/runs/run261/bf16_wexp.py in head and hb, two orders (unchecked timings).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu hb=@.variants/hb.cu"
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
for order in "head hb" "hb head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=14 VARIANT_CMD="$PWD/docs/runs/run261/bf16_wexp.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/bf16_wexp.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/bf16_wexp.txt"

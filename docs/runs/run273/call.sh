#!/usr/bin/env bash
# Prepared in the thirtieth session (not run: no device time left), for the tree with
# docs/runs/next_dynamic_two_cols.patch applied (git apply it; save the tree before it first with
# git show HEAD:src/nvfp4_gemv/csrc/gemv_kernels.cu > .variants/head.cu, and the patched file as
# .variants/dyn.cu; carry .variants). The patch: dynamic W4A4 (bf16 / fp16 x quantized per call)
# at two columns, L = 1, fused into the W4A16 sweep's FP4 kernel (sweep16_kernel<.., kFp4,
# kQuantAct>: each thread quantizes its own pieces in the prologue with quantize_piece, the codes
# launch_quantize makes) instead of a quantize kernel then the FP4 GEMV. sm_90a: the 68 existing
# sweep16 kernels compile to the same SASS (their names gain the trailing template argument), 12
# new ones, no spills, hot loops 369-431; tests/test_plan_rules.py and test_compile_targets.py pass
# with it (46). Predicted: dynamic bf16 N = 2 2-3 us faster (run 270: 7168x16384 29.8-29.9 us
# against FP4 26.6-26.9; 4096x4096 12.3 against 9.5), FP4 rows unchanged.
# This call: build; the kernel, feature, NVFP4Linear and plan-rule tests with the GPU (the dynamic
# test asserts one kernel at N = 2 where the FP4 GEMV runs the sweep, and the same bits as two);
# memcheck (two dynamic two-column cases new); then docs/runs/run270/w4a4_two_cols.py in head and
# dyn, two orders (unchecked timings).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
V="head=@.variants/head.cu dyn=@.variants/dyn.cu"
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $V > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py tests/test_plan_rules.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
for order in "head dyn" "dyn head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=8 VARIANT_CMD="$PWD/docs/runs/run270/w4a4_two_cols.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/w4a4_two_cols.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4_two_cols.txt"

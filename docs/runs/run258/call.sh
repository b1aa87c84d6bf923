#!/usr/bin/env bash
# Run 258 (one device call, .variants carried): the bf16 two-column sweep's first loads ahead of
# the column maxima (coherent loads, BENCHMARKS.md item 171). Build the tree (= first) and the
# variants head (the tree before) and first; the kernel and feature tests with the GPU on the
# tree (the W4A16 sweep's cases), memcheck; two_cols.py in head and first, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head first) > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py -k "w4a16 or bf16 or sweep16 or two_col" 2>&1 | tail -n 20 > "$OUT/pytest.log"
timeout 80 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
for order in "head first" "first head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_CMD="$PWD/docs/runs/run258/two_cols.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/two_cols.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/two_cols.txt"

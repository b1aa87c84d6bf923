#!/usr/bin/env bash
# Run 253 (one device call, .variants carried): the tree with the W4A4 sweep's short-stream rule
# (one piece a thread at L = 1 up to 16 MiB of weights, BENCHMARKS.md item 168): build (variants
# head = the tree and big2 = the two-column W4A16 sweep up to 2^29 weight bytes, built beside it);
# dynamic_layout.py on the tree; crossover.py in head and big2, two orders; the kernel, feature and
# NVFP4Linear tests with the GPU; memcheck.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head big2) > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 90 python3 docs/runs/run253/dynamic_layout.py > "$OUT/dynamic_layout.txt" 2>&1
cat "$OUT/dynamic_layout.txt"
for order in "head big2" "big2 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_CMD="$PWD/docs/runs/run253/crossover.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/crossover.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/crossover.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15

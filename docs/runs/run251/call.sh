#!/usr/bin/env bash
# Run 251 (one device call, .variants carried): the tree with the W4A16 one-column sweep on one
# piece a thread for weights up to 16 MiB (BENCHMARKS.md item 166): build (the W4A4 variants built
# beside it); the kernel, feature and NVFP4Linear tests; memcheck; docs/runs/run250/one_piece.py on
# the tree; then the same rule for the W4A4 sweep, w4head against w4one (w4a4_one.py), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v w4head w4one) > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 100 python3 docs/runs/run250/one_piece.py > "$OUT/one_piece.txt" 2>&1
cat "$OUT/one_piece.txt"
for order in "w4head w4one" "w4one w4head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_CMD="$PWD/docs/runs/run251/w4a4_one.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4_one.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4_one.txt"

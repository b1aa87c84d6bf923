#!/usr/bin/env bash
# Run 241 (one device call, .variants carried): the tree with one piece a thread in the W4A16
# sweep at L = 1 (BENCHMARKS.md item 159): build; the whole test suite with the GPU; memcheck
# (two new one-piece W4A16 cases); head (20ee8c7's kernels) against tree on the rows the rule
# moves (docs/runs/run241/w4a16_one.py), two orders; then bench --all (write flush) on the tree.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head tree) > /dev/null 2>&1 &
(export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
 python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
 python3 -m nvfp4_gemv info >> "$OUT/env.txt")
wait
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 240 python3 -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED" "$OUT/pytest.log" | tail -n 15
for order in "head tree" "tree head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run241/w4a16_one.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a16_one.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16_one.txt" | grep -v built
timeout 150 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench (write flush, exit $?)"; grep -iE "w4a16|bf16|fp16" "$OUT/bench_write.txt" | head -30

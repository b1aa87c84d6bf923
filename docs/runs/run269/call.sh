#!/usr/bin/env bash
# Run 269 (thirtieth session; one device call): the final tree of items 177 and 179 (the bf16
# scaling on pairs; the two-column one-piece bound 2^27): build; bench --all (write flush); the
# whole test suite with the GPU; memcheck; then PC sampling of the two-column W4A16 sweep on
# 7168x16384 N = 2, fp16 and bf16 (where bf16 trails by 1.2-1.9 us; BENCHMARKS.md item 181).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 170 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench (write flush, exit $?)"; grep -E "N=1 \||N=2" "$OUT/bench_write.txt" | grep -v tiled | head -30
timeout 260 python3 -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
timeout 80 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
for act in fp16 bf16; do
  echo "== ncu two columns $act"
  KERNEL=sweep16_kernel CASE="7168 16384 1 2 $act" timeout 120 bash scripts/ncu_source.sh n2_$act > "$OUT/n2_${act}_stalls.txt" 2>&1
  head -n 30 "$OUT/n2_${act}_stalls.txt"
  gzip -f "$OUT/n2_${act}_source.csv"; rm -f "$OUT/n2_$act.ncu-rep"
done

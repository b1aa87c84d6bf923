#!/usr/bin/env bash
# Run 243 (one device call): the tree with the W4A16 one-piece sweep at up to 20 warps a SM
# (BENCHMARKS.md items 159-160): build, the whole test suite with the GPU, memcheck; then dynamic
# W4A4 against W4A16 (docs/runs/run243/dynamic.py, unchecked) and ncu PC sampling of the W4A16
# sweep (bf16 7168x16384) and the one-piece W4A4 sweep (4096x7168x8), as the twenty-fifth
# session's docs/runs/next_call.sh did (removed after this run).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 240 python3 -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED" "$OUT/pytest.log" | tail -n 15
timeout 60 python3 docs/runs/run243/dynamic.py > "$OUT/dynamic.txt" 2>&1
cat "$OUT/dynamic.txt"
: > "$OUT/summaries.txt"
for c in "sweep16:sweep16_kernel:7168 16384 1 1 bf16" "sweep1:sweep_kernel:4096 7168 8 1 fp4"; do
  name=${c%%:*}; rest=${c#*:}; kernel=${rest%%:*}; case=${rest#*:}
  KERNEL=$kernel CASE="$case" timeout 100 bash scripts/ncu_source.sh "$name" > "/tmp/${name}_summary.txt" 2>&1
  rm -f "$OUT/$name.ncu-rep" "$OUT/${name}_ncu.log"
  gzip -f "$OUT/${name}_source.csv"
  { echo "== $name ($kernel, $case)"; cat "/tmp/${name}_summary.txt"; } >> "$OUT/summaries.txt"
done
for n in sweep16 sweep1; do echo "== $n"; head -16 "/tmp/${n}_summary.txt"; done

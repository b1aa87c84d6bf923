#!/usr/bin/env bash
# Run 302 (BENCHMARKS.md item 195): the tile sweep's cluster size at 9..16 columns, the fewest
# rounds and then the most SMs busy ("rule", the tree) against the fewest CTAs that hold K ("fewest",
# commit d6f8cae's kernel file, carried as .variants/item194.cu), two orders; then the tree's
# tile-sweep tests and memcheck. Predicted: 4096x14336 N = 9-16 0.5-1.5 us faster (105 -> 120
# SMs), 512x14336 likewise smaller, 256x4096 and 128x2048 even to 1 us faster, 7168x16384 the same.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcold && cp -r src /tmp/srcold && cp .variants/item194.cu /tmp/srcold/nvfp4_gemv/csrc/gemv_kernels.cu
(PYTHONPATH=/tmp/srcold NVFP4_GEMV_CACHE_DIR=/tmp/cache_old python3 -m nvfp4_gemv build > "$LOGS/build_old.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in rule fewest fewest rule; do
  if [ $v = rule ]; then PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 100 python3 docs/runs/run302/cols16_c.py $v
  else PYTHONPATH=/tmp/srcold NVFP4_GEMV_CACHE_DIR=/tmp/cache_old timeout 100 python3 docs/runs/run302/cols16_c.py $v; fi
done > "$OUT/cols16_c.txt" 2>&1
cat "$OUT/cols16_c.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py -k "tile_sweep" 2>&1 | tail -n 30 > "$OUT/pytest_tile.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest_tile.log" | tail -n 15
timeout 110 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest_tile.log"

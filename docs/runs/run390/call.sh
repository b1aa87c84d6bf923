#!/usr/bin/env bash
# Run 390 (BENCHMARKS.md item 241): the tree with bf16 W4A16 sweep CTAs of two groups (5..8 warps
# a row, sweep16_groups): the W4A16 shape test (its new cases on 5, 6, 7 warps included), memcheck
# on those kernels (sanitize.py), then the benches for the "Current" tables: `nvfp4-gemv bench
# --reps 20 --all --no-baselines` (write flush; the task rows, the layers, the columns) and the
# task rows with the read flush.
# Usage (device, from the repo root): bash docs/runs/run390/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k "w4a16_row_sweep_shapes" 2>&1 \
  | tail -n 3 > "$OUT/tests.txt"
{ timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run390/sanitize.py 2>&1 | tail -n 8
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } > "$OUT/sanitize.txt"
timeout 230 python3 -m nvfp4_gemv bench --reps 20 --all --no-baselines --json "$OUT/bench_write.json" \
  > "$OUT/bench_write.txt" 2>&1
echo "bench --all ${SECONDS}s" >> "$OUT/env.txt"
timeout 70 python3 -m nvfp4_gemv bench --reps 20 --flush read --no-baselines --json "$OUT/bench_read.json" \
  > "$OUT/bench_read.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt" "$OUT/sanitize.txt"; grep -E "geomean" "$OUT/bench_write.txt" "$OUT/bench_read.txt"
grep -E "W4A16 bf16 N=1 \|" "$OUT/bench_write.txt" | head -20; cat "$OUT/env.txt"

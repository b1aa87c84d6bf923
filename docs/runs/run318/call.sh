#!/usr/bin/env bash
# Run 318 (BENCHMARKS.md item 202): one 16-bit column at L = 1 where 2 pieces a thread need 9..12
# warps a row (16384 < K <= 24576) on one piece a thread, 17..24 warps a row, one CTA per SM (the
# tree), against .variants/two_wide.cu (carried: HEAD's kernel file, 2 pieces on 9..12 warps, item
# 200) in its own build; one_wide.py, orders tree / two / two / tree; then the tree's W4A16 sweep
# tests (new shapes at K = 16416, 22528, 24576) and memcheck. Predicted: one piece ~1.25x the floor
# where 2 pieces take 9-10 warps (1.36-1.51x in run 311: 10 warps an SM hide little), 4096x16640
# fp16 21.0 -> ~18.5 us, 3584x18944 19.7 -> ~18; at 11-12 warps of 2 a smaller gain; the control
# 8192x28672 unchanged.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcv && cp -r src /tmp/srcv && cp .variants/two_wide.cu /tmp/srcv/nvfp4_gemv/csrc/gemv_kernels.cu
(PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v python3 -m nvfp4_gemv build > "$LOGS/build_v.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 90 python3 docs/runs/run318/one_wide.py tree "$@"; }
two() { PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v timeout 90 python3 docs/runs/run318/one_wide.py two "$@"; }
{ tree --floor; two; two; tree; } > "$OUT/one_wide.txt" 2>&1
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py -k "w4a16 or sweep16" 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
cat "$OUT/one_wide.txt"

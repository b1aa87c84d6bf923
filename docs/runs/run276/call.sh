#!/usr/bin/env bash
# Run 276: the final tree of item 184 (the tile sweep, on clusters of 3-4 CTAs only from N = 5):
# build; the kernel, feature and NVFP4Linear tests with the GPU; memcheck; bench --all (write flush).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 200 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench (write flush, exit $?)"; grep -E "N=(1|2|4|8|16) \|" "$OUT/bench_write.txt" | head -40

#!/usr/bin/env bash
# Run 311 (BENCHMARKS.md items 199-200): the final tree. Build; the kernel, feature and NVFP4Linear
# tests (new: the W4A16 sweep on 9..16 warps a row, the tile sweep past K = 16384); memcheck (five
# new cases); then wide16.py: one 16-bit column past K = 16384 on the W4A16 sweep (the tree)
# against the tile sweep (NVFP4_GEMV_SWEEP16=0) and the row tiles (and NVFP4_GEMV_SWEEP8=0), in one
# build, orders tree / tile / rows / rows / tile / tree. Predicted: the wide sweep ~1.2x its floor
# (the W4A4 row sweep's 1.19 on 3584x18944, run 310), against the tile sweep's 1.35-1.58x.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
w() { timeout 60 python3 docs/runs/run311/wide16.py "$@" >> "$OUT/wide16.txt" 2>&1; }
w tree --floor
NVFP4_GEMV_SWEEP16=0 w tile
NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=0 w rows
NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=0 w rows
NVFP4_GEMV_SWEEP16=0 w tile
w tree
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 130 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
cat "$OUT/wide16.txt"

#!/usr/bin/env bash
# Run 499 (seventy-fifth session): the three GPU suites on the tree with item 304 (run 498 ran only
# the tile sweep's reference cases and the export tests on it), then memcheck on run 498's
# sanitizer cases (docs/runs/run498/sanitize.py: the 4-chunk tile sweep on 3 stages over 4 tiles and
# on 2 over 5; the whole scripts/memcheck_cases.py takes ~140 s, more than this session's device
# time left).
# Usage (device, from the repo root): bash docs/runs/run499/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 | tee -a "$OUT/env.txt"
# pytest writes into $OUT as it goes (-rfE: each failure's line), so a call cut short keeps its part.
timeout 200 python3 -m pytest -q -rfE --tb=line -p no:cacheprovider tests/test_gpu_kernel.py \
  tests/test_gpu_features.py tests/test_linear_and_peers.py > "$OUT/tests_log.txt" 2>&1
echo "tests rc $? ${SECONDS}s" | tee -a "$OUT/env.txt"
grep -E "^(FAILED|ERROR)|passed|failed" "$OUT/tests_log.txt" | tail -n 20 > "$OUT/tests.txt"
{ timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run498/sanitize.py 2>&1 | tail -n 6
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } >> "$OUT/tests.txt"
cat "$OUT/tests.txt"; cat "$OUT/env.txt"

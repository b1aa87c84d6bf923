#!/usr/bin/env bash
# Run 324: item 205's final rule (the tile sweep's K sections at 9..16 columns, and at 3..8 only
# where a launch's clusters take 24 tiles; never at 2): build, then the K-section, split and graph
# kernel tests (the rest of the suite passed on run 323's tree, whose plans differ only where this
# rule sends 2..8 columns back to the row tiles). Predicted: all pass.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
echo "build ${SECONDS}s" | tee "$OUT/env.txt"
timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py -k "k_sections or split or graph" 2>&1 | tail -n 20 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
echo "all done ${SECONDS}s" | tee -a "$OUT/env.txt"

#!/usr/bin/env bash
# Run 322 (BENCHMARKS.md item 204): one column past K = 32768 on the row sweeps over K sections (the
# tree) against the row tiles (HEAD 4594266's kernel files, carried in .variants/head, their own
# build); sections_ab.py in the orders tree / head / head / tree (the first with the floor and the
# tiled layout); then the sweep, K-section and graph tests and memcheck on the tree. Predicted
# (run 321's row tiles in brackets): W4A4 16384x53248 ~137 us (173; the 8192x28672 sweep's 1.08x
# plus the 2 us sum), 2048x65536 ~27 (34.9); W4A16 at L = 4 sections ~1.2x the floor: 16384x53248
# ~150 (157-161), 2048x65536 ~30 (59-64), 1024x131072 ~30 (105-117).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcv && cp -r src /tmp/srcv && cp .variants/head/gemv_kernels.cu .variants/head/nvfp4_gemv.cuh /tmp/srcv/nvfp4_gemv/csrc/
(PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v python3 -m nvfp4_gemv build > "$LOGS/build_v.log" 2>&1) &
SECONDS=0
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 120 python3 docs/runs/run322/sections_ab.py tree "$@"; }
base() { PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v timeout 60 python3 docs/runs/run322/sections_ab.py head "$@"; }
{ tree --floor --tiled; base; base; tree; } > "$OUT/sections_ab.txt" 2>&1
echo "a/b done ${SECONDS}s" >> "$OUT/env.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py -k "k_sections or sweep or graph or deterministic or split" 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -3 "$OUT/env.txt"; cat "$OUT/sections_ab.txt"

#!/usr/bin/env bash
# Run 323 (BENCHMARKS.md item 205): 2..16 columns past K = 32768 on the tile sweep once a K section
# (the tree) against the row tiles (HEAD 5be73c7's kernel files, carried in .variants/head, their
# own build); tile_sections_ab.py once each, tree then base (device time was short; the tree with the floor,
# bf16 on the tiled layout and the one-column rows); then the whole kernel, feature and
# NVFP4Linear test suite on the tree, and memcheck. Predicted (run 321's row tiles in brackets):
# 16384x53248 N = 8 fp16 ~175 us (274.6; 2 launches of the tile sweep at ~1.4x the floor of each
# half), 4096x40960 N = 8 ~40 (52.8).
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
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 100 python3 docs/runs/run323/tile_sections_ab.py tree "$@"; }
base() { PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v timeout 60 python3 docs/runs/run323/tile_sections_ab.py base "$@"; }
{ tree --floor --tiled --one; base; } > "$OUT/tile_sections_ab.txt" 2>&1
echo "a/b done ${SECONDS}s" >> "$OUT/env.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 240 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -3 "$OUT/env.txt"; grep -v Warn "$OUT/tile_sections_ab.txt" | grep -v _warn_once

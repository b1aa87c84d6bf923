#!/usr/bin/env bash
# Run 369 (BENCHMARKS.md item 232): item 231's shared conversion for the one-piece bf16 W4A16 sweep
# of several groups a CTA (x in registers: each group converts a share into shared memory, a
# barrier, each thread reads its words back; docs/runs/run369/exchange.patch). Builds the tree and
# a copy with the patch reversed (the base: commit 1ceb976's kernels) side by side; the tree's GPU
# tests (kernel, features, NVFP4Linear); compute-sanitizer memcheck and racecheck on
# docs/runs/run369/sanitize.py; docs/runs/run361/ab.py 20 in the orders base / new / new / base.
# At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run369/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run369/exchange.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(timeout 220 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
{ for tool in memcheck racecheck; do
    echo "== $tool (${SECONDS}s)"
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 python3 docs/runs/run369/sanitize.py 2>&1 | tail -n 8
    echo "$tool exit ${PIPESTATUS[0]} (${SECONDS}s)"
  done; } > "$OUT/sanitize.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run361/ab.py 20 2>&1 | grep -v -i warn
}
{ side base; side new; side new; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests.txt"; grep -E "exit|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitize.txt"
sed 's/\[.*\] |//' "$OUT/sides.txt"; tail -n 1 "$OUT/env.txt"

#!/usr/bin/env bash
# Run 382 (BENCHMARKS.md item 239): the one-column W4A16 sweep's mma in two accumulator chains (by
# word parity, added after the pair's last mma: a dependent chain of 8 mma a pair, not 16;
# docs/runs/run382/chains.patch; 4 kernels spill 8 bytes, so not a commit: a measurement). Builds
# the tree (base) and a copy with the patch side by side; the copy's kernel and feature GPU tests (the
# outputs against the reference, bitwise run to run); docs/runs/run361/ab.py 20 (fp16 and
# bf16 x at one column, 14 shapes) in the orders base / chains / chains / base.
# Usage (device, from the repo root): bash docs/runs/run382/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_new && mkdir -p /tmp/tree_new && cp -r src tests docs /tmp/tree_new/ &&
  (cd /tmp/tree_new && patch -p1 < docs/runs/run382/chains.patch > /tmp/apply_new.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_new python3 -m nvfp4_gemv build > /tmp/build_new.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_new.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_new.log >> "$OUT/env.txt"
(cd /tmp/tree_new && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_new timeout 200 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 8
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = chains ] && { src=/tmp/tree_new/src; cache=/tmp/cache_new; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run361/ab.py 20 2>&1 | grep -v -i warn
}
{ side base; side chains; side chains; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt"; tail -n 1 "$OUT/env.txt"

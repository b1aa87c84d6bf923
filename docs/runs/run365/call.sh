#!/usr/bin/env bash
# Run 365 (BENCHMARKS.md item 229): x's loads in sweep16_kernel after the first row pairs' weight
# loads (a predicate made from a clock read, which ptxas does not move across memory operations;
# ptxas had hoisted x's loads above the weights' in every bf16 instance). Builds the tree and a copy
# with docs/runs/run365/x_after_weights.patch reversed (the base: commit b277b9c's kernels) side by
# side; the tree's GPU tests (kernel, features, NVFP4Linear); docs/runs/run361/ab.py 20 in the
# orders base / new / new / base, NVFP4_GEMV_PRESCALE=0. At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run365/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run365/x_after_weights.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 200 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache pre=0
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  [ "$1" = new-rule ] && pre=
  echo "== $1 (${SECONDS}s)"
  NVFP4_GEMV_PRESCALE=$pre PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run361/ab.py 20 2>&1 | grep -v -i warn
}
{ side base; side new; side new; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/sides.txt"; tail -n 1 "$OUT/env.txt"

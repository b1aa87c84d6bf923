#!/usr/bin/env bash
# Run 361 (BENCHMARKS.md item 229): bf16 x at one column and L = 1 on the fp16 instances of the
# W4A16 row sweep (p.act at run time; the SASS of those instances puts the next row pair's loads
# ~650 instructions ahead of their use on 2..8 warps, where the bf16 instances of 2, 4, 7 and 8
# warps had ~550-590). Builds the tree and a copy with docs/runs/run361/bf16_on_fp16.patch
# reversed (the base, commit b0f8e9e's kernels) side by side; the tree's GPU tests (kernel,
# features, NVFP4Linear); docs/runs/run361/ab.py 20 in the orders base / new / new-rule /
# new / base / new-rule (base and new with NVFP4_GEMV_PRESCALE=0, new-rule under the launch rule).
# At most 8 files under OUT (the device tool's cap).
# Usage (device, from the repo root): bash docs/runs/run361/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run361/bf16_on_fp16.patch > /tmp/apply_base.log 2>&1 &&
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
{ side base; side new; side new-rule; side new; side base; side new-rule; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/sides.txt"; tail -n 1 "$OUT/env.txt"

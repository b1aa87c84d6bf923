#!/usr/bin/env bash
# Run 366 (BENCHMARKS.md item 231): bf16 x's prologue in the one-column W4A16 sweep made cheaper
# (docs/runs/run366/xshare.patch): the warp's maximum on 16-bit lanes (1.5 SASS a word, not ~3),
# one HMUL2.BF16 a pair (the exponent capped at 127, which loses nothing), and where a CTA holds
# several groups (2 pieces on 2 and 4 warps a row) one converted copy of x in shared memory, each
# group converting a share, then a barrier. Builds the tree and a copy with the patch reversed (the
# base: 3dce161's kernels) side by side; the tree's GPU tests (kernel, features, NVFP4Linear); the
# base's bf16 magnitude and prescale tests (3dce161's test changes, not yet run on a GPU);
# docs/runs/run361/ab.py 20 in the orders base / new / new / base with NVFP4_GEMV_PRESCALE=0, then
# the tree under the launch rule (the pre-kernel where it pays). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run366/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run366/xshare.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 220 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
(cd /tmp/tree_base && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base timeout 90 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py -k "magnitudes or prescale" 2>&1 | tail -n 5; echo "(${SECONDS}s)") > "$OUT/tests_base.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache pre=0
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  [ "$1" = new-rule ] && pre=
  echo "== $1 (${SECONDS}s)"
  NVFP4_GEMV_PRESCALE=$pre PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run361/ab.py 20 2>&1 | grep -v -i warn
}
{ side base; side new; side new; side base; side new-rule; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; tail -n 2 "$OUT/tests_base.txt"; sed 's/\[.*\] |//' "$OUT/sides.txt"; tail -n 1 "$OUT/env.txt"

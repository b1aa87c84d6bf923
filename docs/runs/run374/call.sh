#!/usr/bin/env bash
# Run 374 (BENCHMARKS.md item 234): L2 prefetches of each sweep CTA's rows past its first load
# window, once at the start (docs/runs/run374/pf.patch: prefetch_cta_rows in sweep_kernel, the
# grid's requests bounded by kSweepPrefetchBytes). Three builds side by side: base (the tree with
# pf.patch reversed: commit 5a547bb), pf16 (the tree: 16 MiB), pfall (every row: 2^40 bytes).
# The tiny-x bf16 test on the base tree (its new row-tile cases, commit 5a547bb); the sweep's GPU
# kernel tests on pf16; docs/runs/run374/ab_pf.py 20 in the orders base / pf16 / pfall / pfall /
# pf16 / base (floors and kernel names on the first pass).
# Usage (device, from the repo root): bash docs/runs/run374/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in base pfall; do
  rm -rf /tmp/tree_$v && mkdir -p /tmp/tree_$v && cp -r src tests docs /tmp/tree_$v/
done
(cd /tmp/tree_base && patch -R -p1 < docs/runs/run374/pf.patch > /tmp/apply_base.log 2>&1 &&
 PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
(cd /tmp/tree_pfall && sed -i 's/#define NVFP4_SWEEP_PREFETCH_BYTES (16 << 20)/#define NVFP4_SWEEP_PREFETCH_BYTES (1LL << 40)/' src/nvfp4_gemv/csrc/gemv_kernels.cu &&
 grep -c "1LL << 40" src/nvfp4_gemv/csrc/gemv_kernels.cu > /tmp/apply_pfall.log &&
 PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_pfall python3 -m nvfp4_gemv build > /tmp/build_pfall.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log /tmp/apply_pfall.log >> "$OUT/env.txt"; tail -n 2 /tmp/build_base.log /tmp/build_pfall.log >> "$OUT/env.txt"
(cd /tmp/tree_base && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base timeout 100 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py -k "tiny_activations" 2>&1 | tail -n 3; echo "(base tiny-x ${SECONDS}s)") > "$OUT/tests_sides.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 150 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py -k "sweep or task or w4a4 or batched or bitwise" 2>&1 | tail -n 5
 echo "(pf16 sweep tests ${SECONDS}s)") >> "$OUT/tests_sides.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" != pf16 ] && { src=/tmp/tree_$1/src; cache=/tmp/cache_$1; }
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 150 python3 docs/runs/run374/ab_pf.py 20 ${2:-} 2>&1 | grep -v -i warn
}
{ side base floors; side pf16; side pfall; side pfall; side pf16; side base; } >> "$OUT/tests_sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "passed|failed|\(base|\(pf16" "$OUT/tests_sides.txt"; sed -n '/^== /,$p' "$OUT/tests_sides.txt" | sed 's/ | \[[^]]*\]//'
tail -n 1 "$OUT/env.txt"

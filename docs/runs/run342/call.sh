#!/usr/bin/env bash
# Run 342 (BENCHMARKS.md item 220): the one-column 2-piece W4A16 sweep (<= 8 warps a row) with its
# weights through a per-thread cp.async ring of D = 2 or 3 row pairs in shared memory
# (.variants/ring2, ring3, written by docs/runs/run342/make_ring.py D from the tree): each pair's
# words read from the ring (4 LDS.128) after cp.async.wait_group, and the refill of that slot (and
# the pair's scale loads) issued right then, so each load is issued a whole D pairs of compute
# before its use (the tree's loads: 454-529 of the ~695 instructions of 2 pairs, as ptxas placed
# them). First the W4A16 and general kernel tests on each variant build (test_gpu_kernel.py), then
# time_shapes.py 20 fp16 bf16 (tree / ring2 / ring3 / ring3 / ring2 / tree) and next_six_k.py 20
# (tree / ring2 / ring3 / tree). Predicted: 7168x16384 0.7-1.7 us faster, 4096x14336 0.5-1, the
# lm_head 1-3, 32768x6144 bf16 ~2 (to fp16's 1.12x); ring3 at least as fast as ring2.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in ring2 ring3; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
for v in ring2 ring3; do
  tail -3 "$LOGS/build_$v.log" > "$OUT/build_$v.txt"
  PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v timeout 150 python3 -m pytest -q -x -p no:cacheprovider tests/test_gpu_kernel.py > "$OUT/tests_$v.txt" 2>&1
  echo "tests $v exit $? ${SECONDS}s" | tee -a "$OUT/tests_$v.txt"
done
side() {  # LABEL SCRIPT [ARGS]: SCRIPT 20 ARGS on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1 ${3:-}"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 100 python3 $2 20 ${3:-} 2>&1 | grep -v -i warn
}
T=scripts/time_shapes.py A="fp16 bf16"
{ side tree $T "$A"; side ring2 $T "$A"; side ring3 $T "$A"; side ring3 $T "$A"; side ring2 $T "$A"; side tree $T "$A"; } > "$OUT/sides.txt" 2>&1
echo "sides ${SECONDS}s" >> "$OUT/env.txt"
S=docs/runs/next_six_k.py
{ side tree $S; side ring2 $S; side ring3 $S; side tree $S; } > "$OUT/six.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT"/tests_*.txt; cat "$OUT/sides.txt" "$OUT/six.txt"; tail -n 3 "$OUT/env.txt"

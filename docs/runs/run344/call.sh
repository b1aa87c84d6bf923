#!/usr/bin/env bash
# Run 344 (BENCHMARKS.md item 221): the one-column 2-piece W4A16 sweep (<= 8 warps a row) with x's
# converted words in shared memory (item 203's form, one LDS.128 per 8 words of a pair) and D = 2 or
# 3 row pairs in flight at the tree's 2 CTAs an SM (.variants/xs2, xs3, written by
# docs/runs/run344/make_xs.py D from the tree). xs2: the 32 registers x held freed for nothing
# (does ptxas place the loads earlier? its loads' mean lead 482-562 SASS against the tree's
# 454-529); xs3: half as many bytes in flight again a warp (leads 865-957; 12-20 bytes spilled
# outside the hot loop on some shapes). The W4A16 kernel tests on each build, then time_shapes.py
# 20 fp16 bf16 tree / xs2 / xs3 / xs3 / xs2 / tree and next_six_k.py 20 tree / xs2 / xs3 / tree.
# Predicted: xs2 even to 0.3 us faster; xs3 7168x16384 1-2 us faster, 4096x14336 1-1.5, the lm_head
# 2-4, 32768x6144 1-3.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in xs2 xs3; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
K="w4a16 or sweep16 or segments or random_shapes or long_k or k_sections_past"
for v in xs2 xs3; do
  tail -2 "$LOGS/build_$v.log" > "$OUT/build_$v.txt"
  PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v timeout 120 python3 -m pytest -q -x -p no:cacheprovider tests/test_gpu_kernel.py -k "$K" > "$OUT/tests_$v.txt" 2>&1
  echo "tests $v exit $? ${SECONDS}s" | tee -a "$OUT/tests_$v.txt"
done
side() {  # LABEL SCRIPT [ARGS]: SCRIPT 20 ARGS on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1 ${3:-}"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 100 python3 $2 20 ${3:-} 2>&1 | grep -v -i warn
}
T=scripts/time_shapes.py A="fp16 bf16"
{ side tree $T "$A"; side xs2 $T "$A"; side xs3 $T "$A"; side xs3 $T "$A"; side xs2 $T "$A"; side tree $T "$A"; } > "$OUT/sides.txt" 2>&1
echo "sides ${SECONDS}s" >> "$OUT/env.txt"
S=docs/runs/next_six_k.py
{ side tree $S; side xs2 $S; side xs3 $S; side tree $S; } > "$OUT/six.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT"/tests_*.txt; cat "$OUT/sides.txt" "$OUT/six.txt"; tail -n 3 "$OUT/env.txt"

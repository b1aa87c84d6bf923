#!/usr/bin/env bash
# Run 350 (BENCHMARKS.md item 224): the W4A4 one-piece row sweep on CTAs of 256 threads at 4 CTAs
# per SM (.variants/one4: sweep_ctas_per_sm returns 4 for one piece whatever the CTA; 64 registers,
# no spills in the kernels without the fused quantization, 16-24 bytes spilled in the fused ones,
# which FP4 x does not launch). The kernel tests on the variant first (test_gpu_kernel.py), then
# docs/runs/run350/one4.py 20 in the orders tree / one4 / one4 / tree. Predicted: the short streams
# (4096x4096, 7168x2048, 2048x8192, 1024x4096, 28672x1024) 0.2-0.6 us faster (a third more warps an
# SM on latency-bound rows), 7168x16384 and 2048x7168 (other kernels) unchanged.
# Usage (device, from the repo root, with .variants carried): bash docs/runs/run350/call.sh
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_one4 && mkdir -p /tmp/tree_one4 && cp -r src /tmp/tree_one4/ &&
  cp .variants/one4/gemv_kernels.cu /tmp/tree_one4/src/nvfp4_gemv/csrc/gemv_kernels.cu
(PYTHONPATH=/tmp/tree_one4/src NVFP4_GEMV_CACHE_DIR=/tmp/cache_one4 python3 -m nvfp4_gemv build > "$LOGS/build_one4.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
tail -2 "$LOGS/build_one4.log" > "$OUT/build_one4.txt"
PYTHONPATH=/tmp/tree_one4/src NVFP4_GEMV_CACHE_DIR=/tmp/cache_one4 timeout 200 python3 -m pytest -q -x -p no:cacheprovider \
  tests/test_gpu_kernel.py > "$OUT/tests_one4.txt" 2>&1
echo "tests one4 exit $? ${SECONDS}s" | tee -a "$OUT/tests_one4.txt"
side() {  # LABEL: one4.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_one4/src; cache=/tmp/cache_one4; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 100 python3 docs/runs/run350/one4.py 20 2>&1 | grep -v -i warn
}
{ side tree; side one4; side one4; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests_one4.txt"; cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

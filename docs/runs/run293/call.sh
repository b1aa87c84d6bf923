#!/usr/bin/env bash
# Run 293 (BENCHMARKS.md item 191). Run 292: spreading the per-tile reduction over all 16 warps
# made every tile 1.8 us slower in all (33.2 against 31.3 at 7168x16384 N = 8): each warp's path
# from barrier to barrier sets the pace, not the issue slots. So: lean (HEAD: warps 0-3 add the
# 16 warps' sums in a chain of 16, then copy), tree (the same warps, a pairwise sum: depth 4, not
# 16), copyw (tree, and 4 more warps that only copy the tiles and add the sums: the 16 computing
# warps go straight from the barrier to their mma; 2-piece kernels only, 80 registers at 640
# threads), cols8_probe's harness, two orders. Predicted: tree 0-0.3 us faster; copyw 1-2 us
# faster (31.3 -> ~29.5-30). Then the copyw tree in a copy of src: build, the kernel, feature and
# NVFP4Linear tests.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$LOGS/build_$1.log" 2>&1 || echo "build $1 failed"
}
build lean src/nvfp4_gemv/csrc/gemv_kernels.cu & build tree .variants/tree.cu & build copyw .variants/copyw.cu &
rm -rf /tmp/srccw && cp -r src /tmp/srccw && cp .variants/copyw.cu /tmp/srccw/nvfp4_gemv/csrc/gemv_kernels.cu
PYTHONPATH=/tmp/srccw NVFP4_GEMV_CACHE_DIR=/tmp/cache_cw python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in lean tree copyw copyw tree lean; do
  echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 "16w p2 s4 c4" >> "$OUT/ab.txt" 2>&1
done
grep -E "^==|library" "$OUT/ab.txt" | head -60
PYTHONPATH=/tmp/srccw NVFP4_GEMV_CACHE_DIR=/tmp/cache_cw timeout 170 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest_copyw.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest_copyw.log" | tail -n 15

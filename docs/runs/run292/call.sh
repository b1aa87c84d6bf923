#!/usr/bin/env bash
# Run 292 (BENCHMARKS.md item 191). The tile sweep's per-tile reduction: lean (HEAD e3af5e6: 128
# threads of warps 0-3 add the 16 warps' sums, then the tile's copies), order (the copies first,
# then the same reduction), spread (the tree: copies first, then all 16 warps reduce 8 outputs
# each, 4 sums and two shuffles, conflict-free with a 136-float warp stride; 451 / 449 / 458 SASS a
# tile against 467 / 464 / 472), cols8_probe's harness, two orders. Predicted: order 0-0.3 us
# faster, spread 0.3-1 us faster at 7168x16384 N = 8 (31.4 -> ~30.8). Then the tree (spread):
# build; the kernel, feature and NVFP4Linear tests; memcheck.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$LOGS/build_$1.log" 2>&1 || echo "build $1 failed"
}
build lean .variants/lean2.cu & build order .variants/order.cu & build spread src/nvfp4_gemv/csrc/gemv_kernels.cu &
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in lean order spread spread order lean; do
  echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 "16w p2 s4 c4" >> "$OUT/ab.txt" 2>&1
done
grep -E "^==|library" "$OUT/ab.txt" | head -60
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 170 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 80 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"

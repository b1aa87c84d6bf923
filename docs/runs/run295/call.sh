#!/usr/bin/env bash
# Run 295 (BENCHMARKS.md item 192). The tile sweep's copies with the warp's next row and its
# sources advanced a tile at a time (incremental pointers, the chunk test against valid - lane
# hoisted): 444 / 451 / 444 SASS a tile (fp16 / bf16 / FP4; 464 / 472 / 467 at HEAD), no spills
# (94-126 registers). Predicted from item 191 (66 fewer SASS: 2.6 us): 0.5-1 us faster at
# 7168x16384 N = 8. cols8_probe's harness, lean (HEAD) against inc, two orders; then the inc
# kernel file in a copy of src: build; the kernel, feature and NVFP4Linear tests; memcheck; bench
# --all (write flush).
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
build lean src/nvfp4_gemv/csrc/gemv_kernels.cu & build inc .variants/inc.cu &
rm -rf /tmp/srcinc && cp -r src /tmp/srcinc && cp .variants/inc.cu /tmp/srcinc/nvfp4_gemv/csrc/gemv_kernels.cu
export PYTHONPATH=/tmp/srcinc NVFP4_GEMV_CACHE_DIR=/tmp/cache_inc
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in lean inc inc lean; do
  echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 "16w p2 s4 c4" >> "$OUT/ab.txt" 2>&1
done
grep -E "^==|library" "$OUT/ab.txt" | head -40
timeout 170 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest_inc.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest_inc.log" | tail -n 15
timeout 80 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest_inc.log"
timeout 170 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write_inc.json" > "$OUT/bench_write_inc.txt" 2>&1
echo "== bench --all, inc (write flush, exit $?)"; grep -E "7168,16384,1 \| W4A(4|16 bf16) N=(1|4|8) \|" "$OUT/bench_write_inc.txt"

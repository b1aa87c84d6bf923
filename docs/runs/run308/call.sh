#!/usr/bin/env bash
# Run 308 (BENCHMARKS.md item 198): the tile sweep at 3..8 columns where 4096 < K <= 8192 on 4
# chunks a thread (.variants/four8k.cu, carried: NVFP4_GEMV_FOUR8K=1 forces them for fp16 / FP4 x)
# against the tree's 2 (the same build), two orders; then the tree's tile-sweep tests on the
# variant with 4 forced (the kernel-name check widened). Predicted: 4 chunks' loop 808 SASS per
# 256 values a thread against 2 x 462 (12% fewer a value) and half the rounds on one CTA per
# cluster: 28672x8192 N = 8 1-3 us faster; the short shapes (2048x8192: one round either way)
# slower by the 4-chunk prologue.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcv && cp -r src /tmp/srcv && cp .variants/four8k.cu /tmp/srcv/nvfp4_gemv/csrc/gemv_kernels.cu
export PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
for v in two four four two; do
  if [ $v = two ]; then NVFP4_GEMV_FOUR8K=0 timeout 100 python3 docs/runs/run308/four_ab.py $v
  else NVFP4_GEMV_FOUR8K=1 timeout 100 python3 docs/runs/run308/four_ab.py $v; fi
done > "$OUT/four_ab.txt" 2>&1
cat "$OUT/four_ab.txt"
rm -rf /tmp/testsv && cp -r tests /tmp/testsv
sed -i 's/rf"sweep8_kernel<\\d+, ?{pieces}, ?1>"/rf"sweep8_kernel<\\d+, ?[24], ?1>"/' /tmp/testsv/test_gpu_kernel.py
grep -c '?\[24\], ?1>' /tmp/testsv/test_gpu_kernel.py
NVFP4_GEMV_FOUR8K=1 timeout 120 python3 -m pytest -q -p no:cacheprovider /tmp/testsv/test_gpu_kernel.py -k "tile_sweep or several_segments" 2>&1 | tail -n 30 > "$OUT/pytest_four.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest_four.log" | tail -n 15

#!/usr/bin/env bash
# Run 297 (BENCHMARKS.md item 193). The tile sweep's end with clusters of C > 1: rank 0 alone adds
# the C CTAs' tile sums (n x 128 outputs, C loads from distributed shared memory each) and stores
# them while the other ranks wait at the cluster barrier; run 296 put 29.5% of the samples outside
# the hot loop. Variant epi: every CTA of the cluster adds and stores its share (the same sums in
# the same order, so the same bits). Predicted: 0.3-0.8 us faster at 7168x16384 N = 8 (C = 4, 15
# tiles: 1920 outputs on one CTA -> 480 on each), 0.1-0.3 where C = 2, even where C = 1.
# cols8_probe's harness, tree against epi, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$LOGS/build_$1.log" 2>&1 || echo "build $1 failed"
}
build tree src/nvfp4_gemv/csrc/gemv_kernels.cu & build epi .variants/epi.cu &
wait
for v in tree epi epi tree; do
  echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 "16w p2 s4 c4" >> "$OUT/ab.txt" 2>&1
done
grep -E "^==|library" "$OUT/ab.txt" | head -40

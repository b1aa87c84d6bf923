#!/usr/bin/env bash
# Run 287 (BENCHMARKS.md item 190): run 286 found the library's tile sweep 1.1-2.9 us slower than
# cols8_probe's kernel of the same shape, timed in one process the same way, the gap growing with
# the tiles a CTA takes (~0.1 us a tile). In the library's 2-piece loop a test per piece ("the
# CTA's chunks end before this piece") splits the tile's compute in two: the second piece's
# shared-memory reads wait for the first's mma (cuobjdump). Builds of scripts/cols8_probe.cu
# -DWITH_LIBRARY with three kernel files: head (7cf9bec's), cur (the tree: the test decided once,
# outside the tile loop), l3 (cur, and each lane's copies of a tile unrolled, .variants/l3.cu);
# each binary run twice, in two orders. Predicted: cur ~1.5 us faster on 7168x16384 N = 8
# (34.0 -> ~32.5), l3 a little more.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$OUT/build_$1.log" 2>&1 || echo "build $1 failed"
}
build head .variants/head.cu & build cur src/nvfp4_gemv/csrc/gemv_kernels.cu & build l3 .variants/l3.cu &
wait
for order in "head cur l3" "l3 cur head"; do
  for v in $order; do
    echo "== $v" >> "$OUT/ab.txt"
    /tmp/c8l_$v 30 >> "$OUT/ab.txt" 2>&1
  done
done
grep -E "^==|library|^[0-9]+x[0-9]+ N" "$OUT/ab.txt"

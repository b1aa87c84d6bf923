#!/usr/bin/env bash
# Prepared for the next session (not run; about 8 device minutes): where the W4A4 sweep's read
# pattern loses to the floor (BENCHMARKS.md items 138-139, Next steps), time_shapes.py 20,
# unchecked, two orders: the tree; its memory side alone (nd: the decode an XOR); the memory side
# without the scale loads (noscale_nd) and the whole kernel without them (noscale); the kernel with
# no weight rows at all (norows: launch, activation prologue, epilogue and tail alone); rows
# interleaved per batch where every batch has a row for every CTA (ib:
# next_sweep_inter_batches.patch, the task's 4096x7168x8 and 7168x2048x4), with its kernel tests;
# both rows' warp sums in one butterfly and the rows' shared-memory slot as a 32-bit shared
# address stepped a row at a time (pst: next_sweep_pairshfl_sts32.patch; hot loops 288 SASS
# against 323 for 2 pieces x 8 warps, 522 against 578 for 4 x 2; each half alone,
# next_sweep_pairshfl.patch and next_sweep_sts32.patch, 296-299 and 519-535), with its kernel
# tests; then the probe's kernel against the library's
# launch in one binary (docs/runs/next_pair.cu).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "nd=%docs/runs/next_sweep_nodecode.patch" "noscale_nd=%docs/runs/run206/next_sweep_noscale_nodecode.patch" \
  "noscale=%docs/runs/run206/next_sweep_noscale.patch" "norows=%docs/runs/next_sweep_norows.patch" \
  "ib=%docs/runs/run206/next_sweep_inter_batches.patch" "pst=%docs/runs/run206/next_sweep_pairshfl_sts32.patch" > "$OUT/sides.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  pst= ib= norows= noscale= noscale_nd= nd= base= > "$OUT/sides2.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh \
  ib= pst= > "$OUT/ib_tests.txt" 2>&1
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/pair docs/runs/next_pair.cu && \
  timeout 150 /tmp/pair > "$OUT/pair.txt" 2>&1
grep -vE "^\s*$" "$OUT/sides.txt" "$OUT/sides2.txt" | grep -v built | sed 's/^.*\.txt://' | tail -n 90
cat "$OUT/ib_tests.txt" "$OUT/pair.txt"

#!/usr/bin/env bash
# Prepared for the next session (not run; about 7.5 device minutes), against the tree, W4A4:
# (1) two pieces a thread wherever K <= 16384 (two: kSweepFourMinCtaRows out of reach), so that
# 14336x4096, the lm_head and 4096x7168x8 take the pair form at 3 CTAs per SM instead of 4 pieces
# at 2 (run 189 chose 4 there before both existed; item 140's pair form lost on 4 x 1);
# (2) balanced waves (waves: next_sweep_waves.patch): as few CTAs as keep the number of row
# waves, so that no last wave runs on a few groups alone (7168x16384 378 CTAs of 18-19 rows
# against 396 of which 40 run a 19th; 4096x7168x8 256 against 264; 7168x2048x4 359; 4096x4096
# 342; 7168x2048 299); (1) and (2) together (tw: next_sweep_two_waves.patch; 4096x7168x8 on 391
# CTAs of 2 x 4 warps, 14336x4096 359, the lm_head 396); time_shapes.py 20 in two orders
# (unchecked); (3) the pair butterfly in the
# fused quantization's kernels too (pq: next_sweep_pair_quant.patch; item 140 kept them on a
# butterfly per row, untried): next_dynamic.py in two orders, then its kernel and feature tests,
# and the kernel tests of two, waves and tw.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  'two=s/constexpr int kSweepFourMinCtaRows = 32;/constexpr int kSweepFourMinCtaRows = 1 << 30;/' \
  "waves=%docs/runs/run211/next_sweep_waves.patch" "tw=%docs/runs/run211/next_sweep_two_waves.patch" \
  "pq=%docs/runs/run211/next_sweep_pair_quant.patch" > "$OUT/w4a4.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  tw= waves= two= base= >> "$OUT/w4a4.txt" 2>&1
for order in "pq base" "base pq"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_dynamic.py" bash scripts/device_variants.sh \
    $(for v in $order; do echo "$v="; done) >> "$OUT/dynamic.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh pq= > "$OUT/tests.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh \
  two= waves= tw= >> "$OUT/tests.txt" 2>&1
grep -vE "^\s*$" "$OUT/w4a4.txt" "$OUT/dynamic.txt" | grep -v built | sed 's/^.*\.txt://' | tail -n 100
grep -E "==|passed|failed" "$OUT/tests.txt"

#!/usr/bin/env bash
# Prepared for the next session (not run; about 7.5 device minutes). (1) The W4A4 sweep's ramp-up
# (BENCHMARKS.md item 142): run 206 found launch, activation prologue and epilogue alone take
# 4.6-4.8 us, and until a thread has x decoded it has only the hot loop's 2 rows in flight. Each
# ramp variant asks L2 once, before the activation's prologue, for the group's next 2 / 4 / 8
# rows (weights and scales; next_sweep_ramp{2,4,8}.patch; FP4 kernels only; the hot loop 285-289
# SASS, no spills). Not item 44's steady prefetch (in the hot loop, much slower) nor the scale
# hints of items 80, 102, 110 (noise). time_shapes.py 20 in two orders (unchecked). (2) The pair
# butterfly in the fused quantization's kernels too (pq: next_sweep_pair_quant.patch; item 140
# kept them on a butterfly per row, untried): next_dynamic.py in two orders. (3) Two pieces a
# thread wherever K <= 16384 (two: kSweepFourMinCtaRows out of reach), so that 14336x4096, the
# lm_head and 4096x7168x8 take the pair form at 3 CTAs per SM instead of 4 pieces at 2 (run 189
# chose 4 there before both existed; item 140's pair form lost on 4 x 1). (4) Balanced waves
# (waves: next_sweep_waves.patch): as few CTAs as keep the number of row waves, so that no last
# wave runs on a few groups alone (7168x16384 378 CTAs of 18-19 rows against 396 of which 40 run
# a 19th; 4096x7168x8 256 against 264; 7168x2048x4 359; 4096x4096 342; 7168x2048 299). Then the
# kernel tests of ramp4 and the kernel and feature tests of pq.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base= \
  "ramp2=%docs/runs/next_sweep_ramp2.patch" "ramp4=%docs/runs/next_sweep_ramp4.patch" \
  "ramp8=%docs/runs/next_sweep_ramp8.patch" "pq=%docs/runs/next_sweep_pair_quant.patch" \
  'two=s/constexpr int kSweepFourMinCtaRows = 32;/constexpr int kSweepFourMinCtaRows = 1 << 30;/' \
  "waves=%docs/runs/next_sweep_waves.patch" > "$OUT/ramp.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  waves= two= ramp8= ramp4= ramp2= base= >> "$OUT/ramp.txt" 2>&1
for order in "pq base" "base pq"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_dynamic.py" bash scripts/device_variants.sh \
    $(for v in $order; do echo "$v="; done) >> "$OUT/dynamic.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh \
  ramp4= > "$OUT/tests.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh pq= >> "$OUT/tests.txt" 2>&1
grep -vE "^\s*$" "$OUT/ramp.txt" "$OUT/dynamic.txt" | grep -v built | sed 's/^.*\.txt://' | tail -n 100
grep -E "==|passed|failed" "$OUT/tests.txt"

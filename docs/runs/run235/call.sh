#!/usr/bin/env bash
# Run 235 (one device call, from the repository root, .variants carried): run 234's sampling found
# the sweeps' warps waiting at the top of their hot loop for the row loaded one row earlier
# (long scoreboard on the loop's first branch: 48% of the 8-warp loop's samples), and the tiled
# integer item waiting on item 3's scale word, which ptxas copies at the loop's end (IMAD.MOV, 49%
# of its loop's samples). Variants of gemv_kernels.cu: head (the tree); d4 / d6: the 2-piece W4A4
# sweeps with 4 / 6 rows in flight a thread at 2 CTAs per SM (128 registers) instead of 2 at 3;
# d4p / d6p: the same with 2 pieces a thread wherever a row fits 8 warps (the 4-piece plans of
# 4096x7168x8, 14336x4096 and the lm_head too); tw: the tiled scale word zeroed by a predicated
# move in the load's asm instead of before it (no CS2R pairing, no copy).
# (1) kernel + feature tests on d6p and tw, stop on failure; (2) time_shapes.py 20 tiled, two
# orders; (3) time_shapes.py 20 tiled columns and next_sweep16.py on head and tw.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head d4 d6 d4p d6p tw) > "$OUT/builds.txt" 2>&1
cat "$OUT/builds.txt"
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh $(v d6p tw) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt"
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "head d4 d6 d4p d6p tw" "tw d6p d4p d6 d4 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" bash scripts/device_variants.sh \
  $(v head tw) > "$OUT/columns.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
  $(v tw head) > "$OUT/w4a16.txt" 2>&1
grep -vE "^\s*$" "$OUT/columns.txt" "$OUT/w4a16.txt" | grep -v built | grep -E "N=|tiled [0-9]" | sed -E 's/ row-major / rm /g' | tail -60
rm -f "$OUT/builds.txt"

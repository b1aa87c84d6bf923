#!/usr/bin/env bash
# Run 236 (one device call, .variants carried): run 235's timings, which its stop-on-failure cut
# (d6p failed one test's plan expectation: 3000x4096x3 now takes the fused 2-piece sweep, one
# kernel, where the test expects two; not a wrong result). Variants as run 235's; d4 and d6 left
# out (their 2-piece shapes are d4p's and d6p's kernels). (1) time_shapes.py 20 tiled, two
# orders; (2) next_sweep16.py on tw and head (tw changes the tiled fp16 row tiles too).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head d4p d6p tw) > "$OUT/builds.txt" 2>&1
cat "$OUT/builds.txt"
for order in "head d4p d6p tw" "tw d6p d4p head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
  $(v tw head) > "$OUT/w4a16.txt" 2>&1
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | sed -E 's/ row-major / rm /g'
rm -f "$OUT/builds.txt"

#!/usr/bin/env bash
# Run 257 (one device call, .variants carried): where bf16 loses to fp16 in the two-column W4A16
# sweep. ncu PC sampling of sweep16_kernel on 7168x16384 N = 2, fp16 and bf16 (the tree); then
# two_cols.py in head (the tree) and e0 (bf16 without the maxima), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head e0) > /dev/null 2>&1 &
export NVFP4_GEMV_CACHE_DIR=/tmp/nc
for act in fp16 bf16; do
  KERNEL=sweep16_kernel CASE="7168 16384 1 2 $act" bash scripts/ncu_source.sh n2_$act > "$OUT/n2_${act}_summary.txt" 2>&1
  echo "== $act"; head -n 40 "$OUT/n2_${act}_summary.txt"
done
rm -f "$OUT"/*.ncu-rep
gzip -f "$OUT"/*_source.csv
wait
for order in "head e0" "e0 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=10 VARIANT_CMD="$PWD/docs/runs/run257/two_cols.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/two_cols.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/two_cols.txt"

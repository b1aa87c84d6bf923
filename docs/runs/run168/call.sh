#!/usr/bin/env bash
# Run 168 (one device call, from the repository root; writes under $OUT):
# (1) what the split-K reduction kernel costs: the tree as is against "noreduce" (launch_variant
#     never launches reduce_splits_kernel: the split plans' output is wrong, unchecked timings),
#     scripts/time_shapes.py 15 tiled columns (the tiled 7168x16384 plan splits 4 ways, N > 1
#     split everywhere);
# (2) the integer row tiles against the fp16 k spans on the row-major shapes that take the
#     latter (4096x7168x8, 7168x2048x4, 14336x4096): as planned / NVFP4_GEMV_SPANS=0, twice,
#     alternating (run 167 had 47.6 / 46.8 us on 4096x7168x8);
# (3) NVFP4Linear's layout rule below run 167's layers (docs/runs/run168/small_layers.py).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 15 tiled columns" bash scripts/device_variants.sh cur= \
  'noreduce=s/  if (plan.splits > 1) {/  if (false) {/' > "$OUT/noreduce.txt" 2>&1
cd /tmp/nvfp4_variants/cur
for env_spec in NVFP4_GEMV_VARIANT_ENV=none NVFP4_GEMV_SPANS=0 NVFP4_GEMV_VARIANT_ENV=none NVFP4_GEMV_SPANS=0; do
  echo "== $env_spec" >> "$OUT/rules.txt"
  env "$env_spec" NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 100 python3 scripts/time_shapes.py 15 \
    >> "$OUT/rules.txt" 2>&1
done
cp "$OLDPWD/docs/runs/run168/small_layers.py" /tmp/small_layers.py
NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 200 python3 /tmp/small_layers.py > "$OUT/small_layers.md" 2>&1
cat "$OUT/noreduce.txt" "$OUT/rules.txt" "$OUT/small_layers.md"

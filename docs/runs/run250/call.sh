#!/usr/bin/env bash
# Run 250 (one device call, .variants carried): the W4A16 one-column sweep's pieces rule, head
# against one (docs/runs/run250/one_piece.py), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
for order in "head one" "one head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run250/one_piece.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/one_piece.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/one_piece.txt"
# The tree's Python side (NVFP4Linear's auto layout, item 165) on the GPU, in head's copy (same
# kernel file as the tree, already built).
(cd /tmp/nvfp4_variants/head && NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_variants/head/cache PYTHONPATH=src \
  timeout 200 python3 -m pytest -q "$OLDPWD/tests/test_linear_and_peers.py" "$OLDPWD/tests/test_gpu_features.py" 2>&1 | tail -n 5) > "$OUT/pytest_linear.log"
tail -n 3 "$OUT/pytest_linear.log"

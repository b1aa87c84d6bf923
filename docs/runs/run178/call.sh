#!/usr/bin/env bash
# Run 178 (one device call, from the repository root; writes under $OUT): split K added up inside
# the GEMV by each row block's last split (wait_split_rows) against the separate reduction kernel
# (base = .variants/head_c2992b1.cu, c2992b1's kernel file). scripts/time_shapes.py (unchecked
# timings: the task shapes, the layers, both layouts, N = 2..16 on 7168x16384 and 4096x4096) on
# both, then the GPU kernel tests on the new tree (the split tests first).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=40 VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" bash scripts/device_variants.sh \
  new= base=@.variants/head_c2992b1.cu > "$OUT/times.txt" 2>&1
cat "$OUT/times.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_variants/new/cache
timeout 120 python3 -m pytest -q -x tests/test_gpu_kernel.py -k "split" 2>&1 | tail -n 8 > "$OUT/pytest_split.log"
cat "$OUT/pytest_split.log"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 8 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

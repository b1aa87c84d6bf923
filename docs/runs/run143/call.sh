#!/usr/bin/env bash
# Run 143 (one device call, from the repository root; writes under $OUT): the imma staging by
# PRMT lookups, dp4a and vsub4 (the working tree, "stage") against its scalar nibble loop (HEAD,
# .variants/head.cu = git show HEAD:src/nvfp4_gemv/csrc/gemv_kernels.cu), timed twice each
# (time_shapes.py, unchecked), then the kernel tests on "stage".
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 300 \
  bash scripts/device_variants.sh stage= head=@.variants/head.cu > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/stage && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 100 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 2
 NVFP4_GEMV_IMMA=1 timeout 100 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 1) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 181 (one device call, from the repository root; writes under $OUT): the even-band rule for
# the tiled format at one column (the tree, "new") against c2992b1's kernel file ("base",
# .variants/head_c2992b1.cu: the 4-way split of 7168x16384) and the tree with the fused
# quantization allowed up to K = 16384 ("fq16k"), by docs/runs/run181/tiled_n1.py (W4A4, W4A16
# bf16 / fp16, dynamic; unchecked timings) in the order base, new, fq16k, fq16k, new, base; then
# the GPU kernel and feature tests on "new".
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
S="$PWD/docs/runs/run181/tiled_n1.py"
FQ='fq16k=s/constexpr int kFusedQuantMaxK = 8192;/constexpr int kFusedQuantMaxK = 16384;/'
VARIANT_TAIL=12 VARIANT_CMD="$S" bash scripts/device_variants.sh base=@.variants/head_c2992b1.cu new= "$FQ" \
  > "$OUT/times.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$S" bash scripts/device_variants.sh "$FQ" new= \
  base=@.variants/head_c2992b1.cu > "$OUT/times2.txt" 2>&1
cat "$OUT/times.txt" "$OUT/times2.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_variants/new/cache
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 3 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Prepared in the fourteenth session, run in the fifteenth (the test step fixed: the variant copies
# hold src/ only), about 3 minutes: bash docs/runs/run158/call.sh (on the device, from the repository root; writes under
# $OUT). The k spans' 16-bit scale loads without L1 allocation (docs/runs/run158/spans_scales_na.patch:
# ld_scales_if<kBlocks, kNoL1>, true in SpanStream only; each 32-byte scale sector serves one
# instruction there, unlike the row tiles, item 111). Builds "nasp" (HEAD + the patch) and "head",
# times both twice (time_shapes.py; the "gemv" column is row-major, 4096x7168x8, 7168x2048x4,
# 14336x4096 and 2048x7168 take the k spans), then the kernel tests on nasp with the k spans
# forced. Compiles for sm_80-100a without spills (LDG.E.NA.U16 in the k-span kernel only).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20" VARIANT_ENVS="- -" timeout 300 \
  bash scripts/device_variants.sh nasp=%docs/runs/run158/spans_scales_na.patch head= > "$OUT/var.txt" 2>&1
# The variant copies hold src/ only: the tests run from the tree on the variant's package.
V=/tmp/nvfp4_variants/nasp
NVFP4_GEMV_CACHE_DIR=$V/cache PYTHONPATH=$V/src NVFP4_GEMV_SPANS=1 timeout 150 \
  python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

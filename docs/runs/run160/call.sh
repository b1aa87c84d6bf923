#!/usr/bin/env bash
# Run 160: the k spans on the integer item (SpanStream<true>: per-lane dp4a dot products against
# a DotStage activation, NVFP4_GEMV_DOT=1 forces it wherever it fits; unset, the plans are
# unchanged). One build of the working tree ("dot"); time_shapes.py (row-major column) unset,
# with the fp16 k spans forced and with the integer k spans forced, twice each; then the kernel
# tests with NVFP4_GEMV_DOT=1. About 5 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20" \
VARIANT_ENVS="- NVFP4_GEMV_SPANS=1 NVFP4_GEMV_DOT=1 - NVFP4_GEMV_SPANS=1 NVFP4_GEMV_DOT=1" \
  timeout 420 bash scripts/device_variants.sh dot= > "$OUT/var.txt" 2>&1
V=/tmp/nvfp4_variants/dot
NVFP4_GEMV_CACHE_DIR=$V/cache PYTHONPATH=$V/src NVFP4_GEMV_DOT=1 timeout 120 \
  python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 12 > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 60
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 170 (one device call, from the repository root; writes under $OUT): (1) the N > 1 split rule
# refined by its cost estimate (refine_column_splits, the tree) against the rule before
# (.variants/before_refine.cu = commit 34c823c's kernel file), docs/runs/run170/columns.py on six
# layers; (2) the test suite on the tree (the session's rule changes: the fp16 k spans up to
# K = 4096 beside the integer row tiles, NVFP4Linear's auto layout, the split refinement).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=60 VARIANT_CMD="$PWD/docs/runs/run170/columns.py" bash scripts/device_variants.sh new= \
  before=@.variants/before_refine.cu > "$OUT/columns.txt" 2>&1
cat "$OUT/columns.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_variants/new/cache
timeout 330 python3 -m pytest -q tests 2>&1 | tail -n 8 > "$OUT/pytest.log"
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 176 (one device call, from the repository root; writes under $OUT): the activation
# quantizer's E2M1 rounding without a division (quantize_block.cuh's thresholds, the same bits:
# tests/cpp/quantize_rules.cu on the host): docs/runs/run172/dynamic.py on the tree ("rule") and
# with every integer plan fused ("all": kFusedQuantMaxK unbounded, the row-major row tiles too; its
# bitwise check against the two kernels included), then the GPU feature and kernel tests on the tree.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_TAIL=20 VARIANT_CMD="$PWD/docs/runs/run172/dynamic.py" bash scripts/device_variants.sh rule= \
  'all=s/constexpr int kFusedQuantMaxK = 8192;/constexpr int kFusedQuantMaxK = 1 << 30;/; s/plan.integer \&\& (plan.tiled || plan.spans) \&\&/plan.integer \&\&/' \
  > "$OUT/dynamic.txt" 2>&1
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_variants/rule/cache
timeout 240 python3 -m pytest -q tests/test_gpu_features.py tests/test_gpu_kernel.py 2>&1 | tail -n 5 > "$OUT/pytest.log"
cat "$OUT/dynamic.txt" "$OUT/pytest.log"

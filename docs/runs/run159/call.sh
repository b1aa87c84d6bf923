#!/usr/bin/env bash
# Run 159: the integer item at 3 CTAs per SM (docs/runs/run159/imma3.patch: __launch_bounds__
# (256, 3) and a 3-item register window for the kImma variants, their shared memory capped at
# 75 KB so that 3 fit an SM; 80 registers, spills outside the hot loops only). "c3" against
# "head" (commit d7c4354), time_shapes.py with the tiled rows, twice each; then the kernel tests
# on c3. About 4 minutes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 420 \
  bash scripts/device_variants.sh c3=%docs/runs/run159/imma3.patch head= > "$OUT/var.txt" 2>&1
V=/tmp/nvfp4_variants/c3
NVFP4_GEMV_CACHE_DIR=$V/cache PYTHONPATH=$V/src timeout 120 \
  python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 3 > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

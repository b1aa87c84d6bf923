#!/usr/bin/env bash
# Run 121 (one device call, from the repository root; writes under $OUT). Is the activation
# staging slowed by every CTA reading the same lines of x at once (an L2 hot spot)? Bulk staging
# (FP4 activation over 8192 values: 7168x16384, 4096x14336) with
#   rot8        each CTA's copy of x in 8 pieces, starting at piece blockIdx % 8 (same bytes)
#   replicas8   diagnostic, unchecked: x and its scales copied from one of 8 places of the weights
#   replicas64  the same from one of 64 places
# timed by scripts/time_shapes.py (both layouts); then the kernel tests on the rot8 build.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 400 bash scripts/device_variants.sh base= \
  rot8=%docs/runs/run121/rot8.patch replicas8=%docs/runs/run121/replicas8.patch \
  replicas64=%docs/runs/run121/replicas64.patch base2= > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/rot8 && NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 90 \
  python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 2) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 50
cat "$OUT/pytest.log"

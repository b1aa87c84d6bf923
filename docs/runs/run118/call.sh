#!/usr/bin/env bash
# Run 118 (one device call, from the repository root; writes under $OUT). Run 116: the k spans'
# memory side is 2.5-11.5 us faster without its scale loads; run 117: an L2 prefetch hint on them
# changes nothing. Here, k spans forced, timed unchecked (scripts/time_shapes.py):
#   base / noalloc        the scale loads as committed / without L1 allocation (each 32-byte
#                         sector is used by one load instruction in the k spans)
#   xor / xor_noalloc     the same, memory side only (nothing decoded)
#   xor_u32               memory side with one 32-bit scale load per lane and item (half the scale
#                         load instructions and requests; the values not exchanged: the bound of a
#                         shuffle-based exchange)
# then the kernel tests on the noalloc build with k spans forced.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20" VARIANT_ENVS="NVFP4_GEMV_SPANS=1" timeout 450 \
  bash scripts/device_variants.sh base= noalloc=%docs/runs/run118/spans_noalloc.patch \
  xor=%docs/runs/run116/spans_xor.patch xor_noalloc=%docs/runs/run118/spans_xor_noalloc.patch \
  xor_u32=%docs/runs/run118/spans_xor_u32.patch > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/noalloc && NVFP4_GEMV_SPANS=1 NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src \
  timeout 90 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 60
cat "$OUT/pytest.log"

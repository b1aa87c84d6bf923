#!/usr/bin/env bash
# Run 117 (one device call, from the repository root; writes under $OUT). Run 116 found the k
# spans' memory side 2.5 / 5.2 / 11.5 us faster on 7168x16384 / 4096x7168x8 / the lm_head without
# its scale loads (16-bit loads, 32-64 bytes per warp request). Here the weight scales are loaded
# with an L2 prefetch hint (L2::256B or L2::128B: a miss brings the next steps' scales of the row
# into L2), every kernel, timed unchecked (scripts/time_shapes.py, both layouts) with the launch
# rule and with k spans forced; the spans' memory side with the hint; then the GPU kernel tests on
# the L2::256B build.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- NVFP4_GEMV_SPANS=1" timeout 480 \
  bash scripts/device_variants.sh base= sfh256=%docs/runs/run117/sf_l2_256.patch \
  sfh128=%docs/runs/run117/sf_l2_128.patch xor_sfh=%docs/runs/run117/spans_xor_sfh.patch \
  > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/sfh256 && NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 90 \
  python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 80
cat "$OUT/pytest.log"

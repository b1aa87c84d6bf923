#!/usr/bin/env bash
# Run 122 (one device call, from the repository root; writes under $OUT). The SM clock drops to
# 1.78-1.81 GHz under the kernel's tensor and FP16 work (700 W cap, item 36). At N = 1 the row
# tiles' mma has 8 B columns of which 7 are never stored, and those lanes feed whatever piece of
# the staged activation they point at. zero_b: lanes whose column is >= N read a 16-byte zero
# piece instead (same instructions; zero multiplicands toggle nothing). Timed by
# scripts/time_shapes.py (both layouts, N = 2..16), base twice; then the kernel tests on zero_b.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 400 bash scripts/device_variants.sh base= \
  zero_b=%docs/runs/run122/zero_b.patch base2= > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/zero_b && NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 90 \
  python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 2) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 45
cat "$OUT/pytest.log"

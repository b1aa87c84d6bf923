#!/usr/bin/env bash
# Run 115 (one device call, from the repository root; writes under $OUT): the new E2M1 decode
# (e2m1_decode.cuh: bit-selects, IMAD shifts, no PRMT) checked by the GPU tests (default, k spans
# forced, ring forced), timed against the old decode (.variants/old_decode.patch, carried) with
# scripts/time_shapes.py in both layouts and N = 2..16, the new one timed twice (drift); then the
# pattern probe's tiled layout with its tiles in k-major order (tiledk) against tiled and the floor.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu > "$OUT/probe_build.log" 2>&1 &
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 300 \
  bash scripts/device_variants.sh new= old=%.variants/old_decode.patch new2= > "$OUT/var.txt" 2>&1
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1
timeout 120 python3 -m pytest -q tests 2>&1 | tail -n 15 > "$OUT/pytest.log"
NVFP4_GEMV_SPANS=1 timeout 60 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/spans forced: /' >> "$OUT/pytest.log"
NVFP4_GEMV_RING=1 timeout 60 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/ring forced: /' >> "$OUT/pytest.log"
wait
timeout 90 /tmp/pp floor tiled/4 tiledk > "$OUT/probe.txt" 2>&1
echo "== variants"; grep -vE "^\s*$" "$OUT/var.txt" | tail -n 45
echo "== probe"; cat "$OUT/probe.txt" | tail -n 30
echo "== pytest"; grep -E "passed|failed|Error|FAILED" "$OUT/pytest.log" | tail -n 12

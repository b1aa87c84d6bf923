#!/usr/bin/env bash
# Run 124 (one device call, from the repository root; writes under $OUT). The tiled ring (a
# bulk-copy ring for the tiled format: a stage is 16 consecutive tiles of a band, one copy issued
# by one thread, refilled by the slot's last reader; item 84 of BENCHMARKS.md): the tiled kernel
# tests with it forced and by the rule, then the task and layer shapes timed with
# NVFP4_GEMV_TILED_RING=0 and =1 (scripts/time_shapes.py, both layouts; one build).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1 || { tail -n 30 "$OUT/build.log"; exit 1; }
NVFP4_GEMV_TILED_RING=1 timeout 120 python3 -m pytest -q -x tests/test_gpu_kernel.py -k tiled 2>&1 | tail -n 25 > "$OUT/pytest_ring.log"
for r in 0 1; do
  echo "== NVFP4_GEMV_TILED_RING=$r"
  NVFP4_GEMV_TILED_RING=$r timeout 150 python3 scripts/time_shapes.py 20 tiled 2>&1 | tail -n 9
done > "$OUT/times.txt"
timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py -k tiled 2>&1 | tail -n 3 > "$OUT/pytest_rule.log"
cat "$OUT/times.txt"
echo "== tiled ring forced"; tail -n 25 "$OUT/pytest_ring.log"
echo "== rule"; cat "$OUT/pytest_rule.log"

#!/usr/bin/env bash
# Run 192 (one device call, from the repository root; writes under $OUT): the row sweep in the
# library again, its group shape a template parameter and its load pointers stepped a row at a
# time (run 190's form issued the loads late): the GPU kernel and feature tests, the kernel tests
# with the sweep off, then scripts/time_shapes.py (unchecked timings of the op and the floor;
# "tiled" adds the tiled format's).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
timeout 300 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 25 > "$OUT/pytest.log"
NVFP4_GEMV_SWEEP=0 timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/row sweep off: /' >> "$OUT/pytest.log"
timeout 200 python3 scripts/time_shapes.py 20 tiled > "$OUT/times.txt" 2>&1
cat "$OUT/pytest.log" "$OUT/times.txt"

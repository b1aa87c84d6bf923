#!/usr/bin/env bash
# Run 220: the whole GPU test suite on the session's final tree (kernels as e287501; the last
# whole-suite run was run 209 on 87eab01, since then kernel and feature tests per change only).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > "$OUT/build.txt" 2>&1 || { tail -n 20 "$OUT/build.txt"; exit 1; }
python3 -m pytest -q tests 2>&1 | tail -n 25 > "$OUT/pytest.log"
tail -n 6 "$OUT/pytest.log"

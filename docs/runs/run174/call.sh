#!/usr/bin/env bash
# Run 174 (one device call, from the repository root; writes under $OUT): the full device run on
# the session's final kernel (all tests, the forced-variant kernel tests, memcheck, the benches:
# scripts/device_run.sh full), then the fused dynamic quantization's table with its launch rule
# (docs/runs/run172/dynamic.py; printed last, not written under $OUT: the device returns 8 files).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
bash scripts/device_run.sh full
echo "== dynamic (run172/dynamic.py)"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 150 python3 docs/runs/run172/dynamic.py 2>&1 | tail -n 16

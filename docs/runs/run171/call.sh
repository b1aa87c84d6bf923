#!/usr/bin/env bash
# Run 171 (one device call, from the repository root; writes under $OUT): W4A16 fp16 against bf16
# against W4A4 at N = 1 (docs/runs/run171/act16.py), on the session's tree.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build 2>&1 | tail -n 1
timeout 200 python3 docs/runs/run171/act16.py > "$OUT/act16.md" 2>&1
cat "$OUT/act16.md"

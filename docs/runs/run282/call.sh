#!/usr/bin/env bash
# Run 282 (BENCHMARKS.md item 188): dyn_fuse.py on the tree of run 281 (dynamic W4A4 at one
# column: the op's fused row sweep against quantize-then-GEMV, and W4A16 bf16).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
for i in 1 2; do echo "== pass $i"; python3 docs/runs/run282/dyn_fuse.py; done 2>&1 | tee "$OUT/dyn_fuse.txt"

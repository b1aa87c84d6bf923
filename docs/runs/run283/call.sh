#!/usr/bin/env bash
# Run 283 (BENCHMARKS.md item 188): dyn_fuse_l.py on commit 9a84f28's tree, two passes.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
for i in 1 2; do echo "== pass $i"; python3 docs/runs/run283/dyn_fuse_l.py 2>&1 | grep -v -i warn; done | tee "$OUT/dyn_fuse_l.txt"

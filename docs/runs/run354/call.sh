#!/usr/bin/env bash
# Run 354 (BENCHMARKS.md item 226): the tree with bf16_prescale_kernel (NVFP4_GEMV_PRESCALE 0 / 1 /
# unset: off / an ordinary launch / PDL) against the HEAD kernels (.variants/base/gemv_kernels.cu,
# carried), both built, then docs/runs/run354/prescale.py 20 in the orders base / pdl / plain / off /
# off / plain / pdl / base (the first pdl and plain sides also check the bf16 outputs).
# Usage (device, from the repo root): bash docs/runs/run354/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src /tmp/tree_base/ &&
  cp .variants/base/gemv_kernels.cu /tmp/tree_base/src/nvfp4_gemv/csrc/gemv_kernels.cu
(cd /tmp/tree_base && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > "$LOGS/build_base.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
side() {  # LABEL [check]
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache mode
  case $1 in base) src=/tmp/tree_base/src; cache=/tmp/cache_base; mode=2;; pdl) mode=2;; plain) mode=1;; off) mode=0;; esac
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache NVFP4_GEMV_PRESCALE=$mode timeout 150 \
    python3 docs/runs/run354/prescale.py 20 ${2:-} 2>&1 | grep -v -i warn
  echo "(side $1 done ${SECONDS}s)"
}
{ side base; side pdl check; side plain check; side off; side off; side plain; side pdl; side base; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

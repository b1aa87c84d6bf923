#!/usr/bin/env bash
# Run 468 (BENCHMARKS.md item 282): what the epilogue's global scales and bias cost a call, and
# prefetch.patch (prefetch_epilogue_operands: the bias's lines and the two scales asked into L2,
# evict_last, when each GEMV kernel but the tile sweep starts) against the tree as it is. Both
# copies built in parallel (scripts/device_variants.sh), then docs/runs/run468/epilogue_loads.py 20
# (plain / global scales / bias / all, W4A4 and W4A16 bf16 at one column, write flush, medians,
# unchecked) in the orders base / new / new / base; then the patched copy's GPU tests and
# compute-sanitizer memcheck on scripts/memcheck_cases.py.
# Usage (device, from the repo root): bash docs/runs/run468/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run468
V="base= new=%$R/prefetch.patch"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
# Kernels (plan_rules show): W4A4 the row sweep (7168x16384 2 x 8, 4096x4096 1 x 4, 14336x4096 1 x
# 4, 7168x2048x4 2 x 1, 4096x7168x8 1 x 7); W4A16 bf16 the W4A16 sweep, 4096x7168x8 the row tiles.
SHAPES=7168x16384,4096x4096,14336x4096,7168x2048x4,4096x7168x8
VARIANT_CMD="$PWD/$R/epilogue_loads.py 20 $SHAPES" VARIANT_TAIL=20 VARIANT_ORDER="base new new base" \
  timeout 420 bash scripts/device_variants.sh $V > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
W=/tmp/nvfp4_variants/new
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src timeout 200 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 4) > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src timeout 60 compute-sanitizer --tool memcheck \
   --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | tail -n 4) > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
cat "$OUT/tests.txt" "$OUT/memcheck.txt" "$OUT/env.txt"

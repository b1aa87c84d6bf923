#!/usr/bin/env bash
# Run 313 (BENCHMARKS.md item 201): clusters of 8 where 7 CTAs of 2 chunks hold K (K = 27648,
# 28672: the same 15 clusters at once, 120 SMs against 105), a host rule (sweep8_spread, item 195's
# rule for every tile-sweep shape). Two builds in parallel: the tree, and .variants/before_spread.cu
# (carried) as the kernel file of a copy; spread_ab.py on each, orders tree / before / before /
# tree; then the tree's tile-sweep tests. Predicted: bf16 N = 2-8 on 8192x28672 55.8-57.0 -> ~51
# us (fp16's 4-chunk plan on 120 SMs: 50.8-52.1), N = 16 66 -> ~60; fp16 / FP4 N = 2-8 there
# unchanged (4 chunks); 5120x27648 bf16 likewise ~10% faster.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcv && cp -r src /tmp/srcv && cp .variants/before_spread.cu /tmp/srcv/nvfp4_gemv/csrc/gemv_kernels.cu
(PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v python3 -m nvfp4_gemv build > "$LOGS/build_v.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 60 python3 docs/runs/run313/spread_ab.py tree; }
before() { PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v timeout 60 python3 docs/runs/run313/spread_ab.py before; }
{ tree; before; before; tree; } > "$OUT/spread_ab.txt" 2>&1
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 120 python3 -m pytest -q tests/test_gpu_kernel.py -k "tile_sweep" 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
cat "$OUT/spread_ab.txt"

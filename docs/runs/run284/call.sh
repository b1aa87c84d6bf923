#!/usr/bin/env bash
# Run 284 (BENCHMARKS.md item 188): the tree with the row sweep's fused quantization only where a
# CTA holds >= 24 rows (kFusedSweepMinCtaRows): build; the kernel, feature and NVFP4Linear tests;
# memcheck; run 282's dyn_fuse.py and run 283's dyn_fuse_l.py (the op should now equal its two
# steps at L = 1, and stay fused where that won at L > 1); run 281's linear_layouts.py.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
python3 docs/runs/run282/dyn_fuse.py 2>&1 | grep -v -i warn | tee "$OUT/dyn_fuse.txt"
python3 docs/runs/run283/dyn_fuse_l.py 2>&1 | grep -v -i warn | tee "$OUT/dyn_fuse_l.txt"
# And NVFP4Linear's layouts again (run 281's script): dynamic at one row now runs two kernels.
timeout 150 python3 docs/runs/run281/linear_layouts.py 2>&1 | tee "$OUT/linear_layouts.txt"

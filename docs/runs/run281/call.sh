#!/usr/bin/env bash
# Run 281 (BENCHMARKS.md items 186-187): the tile sweep's chunks a thread by sweep8_choice's model
# (4 pieces on clusters of 2 where K > 8192 and the model says >= 10% less work: 4096x14336 yes,
# 7168x16384 no; the 2-piece kernels' SASS identical to head's). Builds head (c9449b4's kernel
# file, carry .variants) and cur (the tree); cols_focus.py (run 280's) in both, two orders; then in
# cur's build the kernel, feature and NVFP4Linear tests, memcheck, linear_layouts.py (NVFP4Linear
# row-major against tiled, N = 1..16) and bench --all (write flush).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "head cur" "cur head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=6 VARIANT_CMD="$PWD/docs/runs/run280/cols_focus.py" bash scripts/device_variants.sh \
    $(for n in $order; do [ $n = head ] && echo "head=@.variants/head.cu" || echo "cur="; done) >> "$OUT/cols_focus.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/cols_focus.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_variants/cur/cache
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" >> "$OUT/pytest.log"
grep -E "passed|failed|memcheck|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 120 python3 docs/runs/run281/linear_layouts.py > "$OUT/linear_layouts.txt" 2>&1
cat "$OUT/linear_layouts.txt"
timeout 200 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench (write flush, exit $?)"; grep -E "N=(1|8) \|" "$OUT/bench_write.txt" | head -40

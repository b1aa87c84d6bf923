#!/usr/bin/env bash
# Run 306 (BENCHMARKS.md item 197): the tile sweep at 9..16 columns on 2 chunks a thread
# (.variants/c16p2.cu, carried: Sweep8Shape<2, 2>, NVFP4_GEMV_C16P2=1 picks it) against one chunk
# (the same build, the tree's rule), two orders; then the tree's tile-sweep tests on the variant
# with 2 chunks forced (the test's kernel-name check widened to <*, 2, 2>). Predicted: 521 SASS a
# tile for 2 chunks against 338 for one (23% fewer a value) and half the clusters: 7168x16384 N = 16
# ~32-33 us against 36.2; small K (one CTA at 2 chunks) faster too; where 2 chunks leave half the
# slots empty (K = 4352: 136 chunks) maybe slower.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcv && cp -r src /tmp/srcv && cp .variants/c16p2.cu /tmp/srcv/nvfp4_gemv/csrc/gemv_kernels.cu
export PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
for v in one two two one; do
  if [ $v = one ]; then NVFP4_GEMV_C16P2=0 timeout 100 python3 docs/runs/run306/cols16_p2.py $v
  else NVFP4_GEMV_C16P2=1 timeout 100 python3 docs/runs/run306/cols16_p2.py $v; fi
done > "$OUT/cols16_p2.txt" 2>&1
cat "$OUT/cols16_p2.txt"
rm -rf /tmp/testsv && cp -r tests /tmp/testsv
sed -i 's/sweep8_kernel<\\d+, ?1, ?2>/sweep8_kernel<\\d+, ?2, ?2>/' /tmp/testsv/test_gpu_kernel.py
grep -c '?2, ?2>' /tmp/testsv/test_gpu_kernel.py
NVFP4_GEMV_C16P2=1 timeout 120 python3 -m pytest -q -p no:cacheprovider /tmp/testsv/test_gpu_kernel.py -k "tile_sweep or several_segments" 2>&1 | tail -n 30 > "$OUT/pytest_two.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest_two.log" | tail -n 15

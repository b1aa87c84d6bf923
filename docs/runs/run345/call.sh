#!/usr/bin/env bash
# Run 345 (BENCHMARKS.md item 221): the tree with x in shared memory for the one-column 2-piece
# W4A16 sweep (commit noted in README.txt; its sm_90a SASS is run 344's xs2 for all 159 kernels,
# cuobjdump-compared; the host's sums cap new). The kernel, feature and NVFP4Linear tests with the
# GPU, then time_shapes.py 20 fp16 bf16 and next_six_k.py 20 once each. Predicted: all pass (777);
# times as run 344's xs2 sides.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 220 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py > "$OUT/tests.txt" 2>&1
echo "tests exit $? ${SECONDS}s" | tee -a "$OUT/tests.txt"
{ echo "== time_shapes fp16 bf16"; timeout 90 python3 scripts/time_shapes.py 20 fp16 bf16;
  echo "== next_six_k"; timeout 90 python3 docs/runs/next_six_k.py 20; } 2>&1 | grep -v -i warn > "$OUT/times.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/times.txt"; tail -n 2 "$OUT/env.txt"

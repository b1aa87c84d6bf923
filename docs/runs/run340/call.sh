#!/usr/bin/env bash
# Run 340 (BENCHMARKS.md item 218): the tree with sweep16_warps_per_sm's rule (W4A16 one column on
# a long stream where ceil(K / 1024) is odd: one piece only where it holds more warps an SM; 2
# pieces on 4 warps at K = 7168). The kernel, feature and NVFP4Linear tests with the GPU (a new
# 8193x7168 W4A16 case on 2 x 4), then docs/runs/run339/odd_k.py 20 (the kernels the rule picks)
# and time_shapes.py 20 fp16 bf16 once (its shapes' plans unchanged). Predicted: all pass; odd_k
# as run 339's w16two on K = 7168 and as its tree on K = 3072 and 5120.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 220 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py > "$OUT/tests.txt" 2>&1
echo "tests exit $? ${SECONDS}s" | tee -a "$OUT/tests.txt"
{ echo "== odd_k"; timeout 90 python3 docs/runs/run339/odd_k.py 20;
  echo "== time_shapes fp16 bf16"; timeout 90 python3 scripts/time_shapes.py 20 fp16 bf16; } 2>&1 | grep -v -i warn > "$OUT/times.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/times.txt"; tail -n 2 "$OUT/env.txt"

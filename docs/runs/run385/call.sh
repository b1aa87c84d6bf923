#!/usr/bin/env bash
# Run 385 (BENCHMARKS.md item 239): the W4A16 row-sweep shape test on the final tree, its two new
# cases (K = 26624 on 13 warps, 30720 on 15: the two-chain kernels run 383 timed but no test ran)
# and the 14 / 16-warp ones beside them, fp16 and bf16 x.
# Usage (device, from the repo root): bash docs/runs/run385/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 -m pytest -v -p no:cacheprovider tests/test_gpu_kernel.py \
  -k "w4a16_row_sweep_shapes and (26624 or 28672 or 30720 or 32768)" 2>&1 | grep -E "PASS|FAIL|ERROR|passed|failed" > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests.txt"; tail -n 1 "$OUT/env.txt"

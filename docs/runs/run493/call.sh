#!/usr/bin/env bash
# Run 493 (seventy-third session): item 295, torch.ops.nvfp4.dequantize (dequantize_kernel.cu), the
# weight NVFP4Linear's prefill fallback multiplies. The build, its GPU tests (bitwise against the
# CPU op over every byte value, the three dtypes and the three global-scale forms; its errors; the
# fallback above 16 rows and the compiled fallback; NVFP4Linear's GEMV path, whose reference weight
# it now makes), then
# scripts/time_dequantize.py (the kernel against the torch path it replaced). Any GPU.
# Usage (device, from the repo root): bash docs/runs/run493/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONPATH="$PWD/src:$PWD/tests" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 40 /tmp/build.log | tee "$OUT/build_tail.txt"; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_features.py tests/test_linear_and_peers.py \
  -k "dequantize or fallback or linear_gemv_path or leading_dims" > "$OUT/tests.txt" 2>&1
echo "tests rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 100 python3 scripts/time_dequantize.py 20 > "$OUT/time_dequantize.txt" 2>&1
echo "timing rc $? ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/time_dequantize.txt" "$OUT/env.txt"

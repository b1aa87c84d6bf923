#!/usr/bin/env bash
# Run 461 (BENCHMARKS.md item 277, prepared): the GPU tests of the band sweep on clusters of up to 3
# CTAs: docs/runs/run460/cluster3.patch applied to this (disposable) copy of the tree, then the
# build, every GPU test of the kernel, features and NVFP4Linear (the band sweep test's shapes on
# clusters of 3: 300 x 6144, 77 x 5120, 1000 x 18944, 33 x 11008, 100 x 4160, 17 x 32752), then
# compute-sanitizer memcheck on all of the patched scripts/memcheck_cases.py (4096 x 11008 and a dynamic
# 300 x 12288 on clusters of 3 added).
# Usage (device, from the repo root): bash docs/runs/run461/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache461
SECONDS=0
git apply docs/runs/run460/cluster3.patch || { echo "cluster3.patch does not apply"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build461.log 2>&1 || { tail -n 20 /tmp/build461.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 4 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
  | tail -n 4 > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
git apply -R docs/runs/run460/cluster3.patch
cat "$OUT/tests.txt" "$OUT/memcheck.txt" "$OUT/env.txt"

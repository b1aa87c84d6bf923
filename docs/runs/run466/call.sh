#!/usr/bin/env bash
# Run 466 (BENCHMARKS.md item 279, prepared): the GPU tests of the staged scales:
# docs/runs/run465's patch (src, tests, env.py, README; apply.sh picks staged.patch or, on a tree
# with item 278's quad.patch, staged_on_quad.patch) applied to this (disposable) copy of the tree,
# then the build, every GPU test of the kernel, features and NVFP4Linear (the staging on wherever
# it fits, the default), compute-sanitizer memcheck on all of scripts/memcheck_cases.py and on
# docs/runs/run466/memcheck_staged.py (windows and segments the barriers must follow), and the
# patch reverted.
# Usage (device, from the repo root): bash docs/runs/run466/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache466
SECONDS=0
P=$(bash docs/runs/run465/apply.sh) || exit 1
echo "applied $P" > "$OUT/patch.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build466.log 2>&1 || { tail -n 20 /tmp/build466.log; git apply -R $P; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py 2>&1 | tail -n 4 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
  | tail -n 4 > "$OUT/memcheck.txt"
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 docs/runs/run466/memcheck_staged.py 2>&1 \
  | tail -n 16 > "$OUT/memcheck_staged.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
git apply -R $P
cat "$OUT/patch.txt" "$OUT/tests.txt" "$OUT/memcheck.txt" "$OUT/memcheck_staged.txt" "$OUT/env.txt"

#!/usr/bin/env bash
# Run 325 (BENCHMARKS.md item 206): the row sweeps' grid in equal rounds (the tree: 6af80ec with
# equal_rounds.patch applied) against one
# full wave (HEAD 6af80ec's kernel files, carried in .variants/head, their own build);
# rounds_ab.py in the orders tree / head / head / tree (the first with the floor); then the
# kernel, feature and NVFP4Linear tests on the tree (no memcheck). Predicted: W4A4 7168x16384
# 0.3-1 us faster (40 CTAs' 19th row alone, ~1.2 us a row), 8192x28672 likewise (8 of 264 CTAs a
# 32nd row); W4A16 where CTAs per SM become uneven (7168x2048 on 224 CTAs) slower; 7128x16384
# on HEAD 0.1 us (its bytes) faster than 7168 if the last round costs nothing, more if it does.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/srcv && cp -r src /tmp/srcv && cp .variants/head/gemv_kernels.cu .variants/head/nvfp4_gemv.cuh /tmp/srcv/nvfp4_gemv/csrc/
(PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v python3 -m nvfp4_gemv build > "$LOGS/build_v.log" 2>&1) &
SECONDS=0
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 90 python3 docs/runs/run325/rounds_ab.py tree "$@"; }
base() { PYTHONPATH=/tmp/srcv NVFP4_GEMV_CACHE_DIR=/tmp/cache_v timeout 60 python3 docs/runs/run325/rounds_ab.py head "$@"; }
{ tree --floor; base; base; tree; } > "$OUT/rounds_ab.txt" 2>&1
echo "a/b done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/rounds_ab.txt" | grep -v -i warn
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -3 "$OUT/env.txt"

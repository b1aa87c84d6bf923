#!/usr/bin/env bash
# Run 310 (BENCHMARKS.md item 199): the tile sweep past K = 16384 (1..16 columns where no row sweep
# holds a row), a host rule: build; its new kernel tests and the other tile-sweep tests; memcheck
# (three new cases); then large_k.py against NVFP4_GEMV_SWEEP8=0 (the plans before it) in the
# same build, two orders, the floor in the first. Predicted: the tile sweep faster wherever it now
# runs (the row tiles read 64-byte row pieces, 1.4x slower than a stream, and split K at N > 1
# with a ~2 us reduction): N = 8 on 8192x28672 ~1.3x its N = 8 floor against ~2x; N = 1 16-bit
# ~1.4x (the tile sweep's N = 1 costs what N = 8 does).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py -k "tile_sweep or split_k_plan or ring_shapes" 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
for v in tree before before tree; do
  if [ $v = tree ] && [ ! -s "$OUT/large_k.txt" ]; then timeout 120 python3 docs/runs/run310/large_k.py $v --floor
  elif [ $v = tree ]; then timeout 60 python3 docs/runs/run310/large_k.py $v
  else NVFP4_GEMV_SWEEP8=0 timeout 60 python3 docs/runs/run310/large_k.py $v; fi >> "$OUT/large_k.txt" 2>&1
done
cat "$OUT/large_k.txt"

#!/usr/bin/env bash
# Run 368 (BENCHMARKS.md item 231, kept): the final kernels of the forty-seventh session (commit
# b9040b8: item 231's bf16 prologue, the pre-kernel of item 226 retired, so the fp16 sweep16
# kernels lose their griddepcontrol.wait). Builds the tree and a copy with
# docs/runs/run368/no_prescale.patch reversed (the base: commit 9003287, item 231 with the
# pre-kernel) side by side; the tree's GPU tests (kernel, features, NVFP4Linear);
# docs/runs/run361/ab.py 20 in the orders base / new / new / base (NVFP4_GEMV_PRESCALE=0 for the
# base: the same bf16 kernels, fp16 with and without the wait); then the benches as run 359 ran
# them (the tables under "Current": `python scripts/current_tables.py docs/runs/run368`).
# At most 8 files under OUT (the device tool's cap).
# Usage (device, from the repo root): bash docs/runs/run368/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf /tmp/tree_base && mkdir -p /tmp/tree_base && cp -r src tests docs /tmp/tree_base/ &&
  (cd /tmp/tree_base && patch -R -p1 < docs/runs/run368/no_prescale.patch > /tmp/apply_base.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
cat /tmp/apply_base.log >> "$OUT/env.txt"; tail -n 3 /tmp/build_base.log >> "$OUT/env.txt"
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 220 python3 -m pytest -q -p no:cacheprovider \
   tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 20
 echo "(${SECONDS}s)") > "$OUT/tests_sides.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = base ] && { src=/tmp/tree_base/src; cache=/tmp/cache_base; }
  echo "== $1 (${SECONDS}s)"
  NVFP4_GEMV_PRESCALE=0 PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/run361/ab.py 20 2>&1 | grep -v -i warn
}
{ side base; side new; side new; side base; } >> "$OUT/tests_sides.txt" 2>&1
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
timeout 70 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
timeout 200 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -E "passed|failed" "$OUT/tests_sides.txt" | tail -n 2; sed -n '/^== /,$p' "$OUT/tests_sides.txt" | sed 's/\[.*\] |//'
grep -E "geomean" "$OUT/bench_task_write.txt" "$OUT/bench_read.txt"
grep -E "W4A16 bf16 N=1 \|" "$OUT/bench_write.txt" | head -30; tail -n 1 "$OUT/env.txt"

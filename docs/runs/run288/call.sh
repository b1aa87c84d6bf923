#!/usr/bin/env bash
# Run 288 (BENCHMARKS.md items 189-190). (1) The library's tile sweep with each lane's copies of a
# tile unrolled (run 287: on top of the hoisted test they took ~1 us off; here on top of head),
# against head in cols8_probe's harness (-DWITH_LIBRARY): head, cur. Predicted: ~1 us faster at
# 7168x16384 N = 8 (34.0 -> ~33), ~2 at 28672x8192. (2) The tree (that kernel and the stream floor
# with its last group predicated): build; the kernel, feature and NVFP4Linear tests; the task rows
# (write flush, then read flush); bench --all; memcheck; each as far as the call's time lasts (the
# device was scarce this session: most of its budget went on refused starts). Predicted: floors
# 13.2 / 21.3 / 38.0 us on the task's bytes (14.2 / 21.6 / 38.1 before), GEMV rows unchanged.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$OUT/build_$1.log" 2>&1 || echo "build $1 failed"
}
build head .variants/head.cu & build cur src/nvfp4_gemv/csrc/gemv_kernels.cu &
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in head cur; do echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 >> "$OUT/ab.txt" 2>&1; done
grep -E "^==|library" "$OUT/ab.txt"
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 60 python3 -m nvfp4_gemv bench --reps 30 --json "$OUT/bench_task_write.json" > "$OUT/bench_task_write.txt" 2>&1
echo "== task rows (write flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_task_write.txt" | head -14
timeout 50 python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
echo "== task rows (read flush, exit $?)"; grep -E "^\||geomean" "$OUT/bench_read.txt" | head -14
timeout 170 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench --all (write flush, exit $?)"; grep -E "N=(1|8) \|" "$OUT/bench_write.txt" | head -30
timeout 70 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"

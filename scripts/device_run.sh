#!/usr/bin/env bash
# One call on a GPU machine. Writes logs and JSON under $OUT and prints a short summary last.
#   bash scripts/device_run.sh full    build, all tests, memcheck, benchmark (write + read flush, leaderboard rule)
#   bash scripts/device_run.sh quick   build, kernel tests, benchmark
#   bash scripts/device_run.sh peers   build, install carried peer wheels, the README's three end-to-end decodes,
#                                      the peer benchmark (bench --peers, 20 reps) + plot
#   bash scripts/device_run.sh current build, the kernel, feature and NVFP4Linear tests, memcheck on $MEMCHECK
#                                      (default scripts/memcheck_cases.py), and the benches of BENCHMARKS.md's
#                                      "Current" tables (bench_task_write / bench_read / bench_write .json, 30
#                                      reps; `python scripts/current_tables.py DIR` prints them). Six files come
#                                      back (the device returns 8 at most): env.txt, tests.txt (the tests'
#                                      summary, their 25 slowest, memcheck's tail), benches.txt (the three
#                                      benches' tables) and the three JSON files; CURRENT_TESTS=0: the
#                                      build and the benches only
#   bash scripts/device_run.sh suites  build, and current's tests and memcheck alone (env.txt, tests.txt)
set -uo pipefail
MODE=${1:-full}
OUT=${OUT:-$PWD/.out}
LOGS=${LOGS:-/tmp/nvfp4_gemv_logs}  # bulky logs stay on the machine (the device tool returns 8 files)
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
export NVFP4_GEMV_CACHE_DIR=${NVFP4_GEMV_CACHE_DIR:-/tmp/nvfp4_gemv_cache}
PY=${PYTHON:-python3}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
git log -1 --format='device git HEAD (may be stale: the device tool copies the working tree) %h %cd' 2>/dev/null | tee -a "$OUT/env.txt"
$PY -m nvfp4_gemv build 2>&1 | tee "$LOGS/build.log" || exit 1
$PY -m nvfp4_gemv info | tee -a "$OUT/env.txt"
# One bench run: bench NAME LIMIT_S ARGS... writes $OUT/NAME.txt and $OUT/NAME.json (LIMIT_S 0: no
# time limit; the current mode limits each run so that one call stays within the device's 10 minutes).
bench() {
  local name=$1 limit=$2; shift 2
  timeout "$limit" $PY -m nvfp4_gemv bench "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2>&1
}
if [ -d peers/wheels ]; then
  $PY -m pip install -q --no-index --find-links peers/wheels humming-kernels gemlite matplotlib > "$LOGS/pip.log" 2>&1
  echo "peer wheels: pip exit $?" | tee -a "$OUT/env.txt"
fi
if [ "$MODE" = peers ]; then
  # The README's three decodes (eager and CUDA-graph tokens/s; decode.txt holds their tables, one
  # JSON each), then the side by side (peers.txt: its table rows). 8 files with env.txt.
  SECONDS=0
  for args in "2048" "4096 --hidden 4096 --intermediate 14336 --layers 4" \
              "4096_dynamic --activation dynamic --hidden 4096 --intermediate 14336 --layers 4"; do
    set -- $args; name=$1; shift
    { echo "== decode $name"; timeout 90 $PY -m nvfp4_gemv decode "$@" --json "$OUT/decode_$name.json" 2>&1; } \
      >> "$OUT/decode.txt"
    echo "decode $name rc $? ${SECONDS}s" >> "$OUT/env.txt"
  done
  timeout 300 $PY -m nvfp4_gemv bench --peers --reps ${REPS:-20} --json "$OUT/peers.json" --plot "$OUT/peers.png" \
    > "$LOGS/peers.log" 2>&1
  echo "peers rc $? ${SECONDS}s" >> "$OUT/env.txt"
  grep -E "^\|" "$LOGS/peers.log" > "$OUT/peers.txt"
  grep -E "tokens/s|graph" "$OUT/decode.txt" | head -n 24; grep -E "ours W4A16 \||humming" "$OUT/peers.txt"
  cat "$OUT/env.txt"
  exit 0
fi
# The kernel, feature and NVFP4Linear tests, then memcheck on $MEMCHECK: their summary, the 25
# slowest tests and memcheck's tail in $OUT/tests.txt (modes current and suites).
suites_and_memcheck() {
  # 360 s: run 474 (H100) ran past 240 s once each compile test began on a fresh dynamo cache
  timeout ${TESTS_LIMIT_S:-360} $PY -m pytest -q -p no:cacheprovider --durations=25 tests/test_gpu_kernel.py \
    tests/test_gpu_features.py tests/test_linear_and_peers.py > "$LOGS/tests.log" 2>&1
  local rc=$?
  { [ $rc = 124 ] && echo "pytest TIMED OUT after ${SECONDS}s (no summary); the log's last lines:" \
      && tail -n 5 "$LOGS/tests.log"
    grep -E "^(FAILED|ERROR)|passed|failed" "$LOGS/tests.log" | tail -n 20
    grep -E "^[0-9.]+s (call|setup)" "$LOGS/tests.log"; } > "$OUT/tests.txt"  # where the tests' time goes
  echo "tests ${SECONDS}s" >> "$OUT/env.txt"
  { timeout 300 compute-sanitizer --tool memcheck --error-exitcode 9 $PY ${MEMCHECK:-scripts/memcheck_cases.py} 2>&1 | tail -n 8
    echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } >> "$OUT/tests.txt"
}
if [ "$MODE" = suites ]; then
  SECONDS=0
  suites_and_memcheck
  echo "all done ${SECONDS}s" >> "$OUT/env.txt"
  head -n 24 "$OUT/tests.txt"; tail -n 2 "$OUT/tests.txt"; cat "$OUT/env.txt"
  exit 0
fi
if [ "$MODE" = current ]; then
  SECONDS=0
  if [ "${CURRENT_TESTS:-1}" = 0 ]; then  # the benches alone (tests and memcheck run elsewhere)
    echo "tests and memcheck skipped (CURRENT_TESTS=0)" > "$OUT/tests.txt"
  else
    suites_and_memcheck
  fi
  bench bench_task_write 90 --reps 30
  bench bench_read 90 --reps 30 --flush read --no-baselines
  bench bench_write 200 --reps 30 --all
  for name in bench_task_write bench_read bench_write; do  # one table file; the text stays in $LOGS
    { echo "== $name"; cat "$OUT/$name.txt"; } >> "$OUT/benches.txt" && mv "$OUT/$name.txt" "$LOGS/"
  done
  echo "all done ${SECONDS}s" >> "$OUT/env.txt"
  head -n 24 "$OUT/tests.txt"; tail -n 2 "$OUT/tests.txt"; grep -E "^== |geomean" "$OUT/benches.txt"
  grep -E "W4A16 bf16 N=1 \|" "$LOGS/bench_write.txt" | head -12; cat "$OUT/env.txt"
  exit 0
fi
if [ "$MODE" = quick ]; then
  $PY -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
else
  $PY -m pytest -q tests 2>&1 | tail -n 40 > "$OUT/pytest.log"
  # The kernel tests again with the bulk-copy ring wherever it fits (not only where it pays).
  NVFP4_GEMV_RING=1 $PY -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/ring forced: /' >> "$OUT/pytest.log"
  # And with the k-span layout wherever it fits (one column; by default only where it pays).
  NVFP4_GEMV_SPANS=1 $PY -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/spans forced: /' >> "$OUT/pytest.log"
  # The integer item wherever it fits (W4A4, one column, sm_90), and nowhere.
  NVFP4_GEMV_IMMA=1 $PY -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/integer item forced: /' >> "$OUT/pytest.log"
  NVFP4_GEMV_IMMA=0 $PY -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/integer item off: /' >> "$OUT/pytest.log"
  # Without the row sweeps (one column, row-major, sm_90: W4A4 and W4A16 where they fit).
  NVFP4_GEMV_SWEEP=0 NVFP4_GEMV_SWEEP16=0 $PY -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/row sweep off: /' >> "$OUT/pytest.log"
  # The k spans on the integer item wherever they fit (W4A4, one column, sm_90).
  NVFP4_GEMV_DOT=1 $PY -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 3 | sed 's/^/integer k spans forced: /' >> "$OUT/pytest.log"
fi
if command -v compute-sanitizer >/dev/null && [ "$MODE" = full ]; then
  compute-sanitizer --tool memcheck --error-exitcode 9 $PY scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
  echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries)" >> "$OUT/pytest.log"
fi
bench bench_write 0 --reps ${REPS:-30} --all ${BENCH_ARGS:-}
bench bench_read 0 --reps ${REPS:-30} --flush read --no-baselines ${BENCH_ARGS:-}
bench bench_leaderboard 0 --leaderboard --no-baselines
echo "== bench (write flush)"; cat "$OUT/bench_write.txt"
echo "== bench (read flush)"; cat "$OUT/bench_read.txt"
echo "== bench (leaderboard rule, write flush)"; cat "$OUT/bench_leaderboard.txt"
echo "== pytest"; grep -E "passed|failed|memcheck|Error|FAILED" "$OUT/pytest.log" | tail -n 15

#!/usr/bin/env bash
# Run 515 (seventy-ninth session): the benches of BENCHMARKS.md's "Current" tables on the tree of
# a04f4bd (items 315-317 merged; the N = 1 kernels as in run 483), and `bench --columns` (issue 5's
# N = 8 / N = 1 over the model layers), on whatever GPU comes (an H200 refreshes "Current"; an H100
# gives the same tables beside runs 494 and 514). Most needed first: the task rows (write flush),
# `bench --all`, the columns, the read flush. No tests here (run 514 ran them on this tree's
# kernels). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run515/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"
bench() {  # NAME LIMIT_S ARGS...
  local name=$1 limit=$2
  shift 2
  timeout "$limit" python3 -m nvfp4_gemv bench "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2>&1
  echo "$name rc $? (${SECONDS}s)" >> "$OUT/env.txt"
}
bench bench_task_write 90 --reps 30
bench bench_write 200 --reps 30 --all
bench bench_columns 200 --reps 30 --columns --no-baselines
bench bench_read 90 --reps 30 --flush read --no-baselines
for name in bench_task_write bench_write bench_columns bench_read; do  # one text file (the device returns 8)
  { echo "== $name"; cat "$OUT/$name.txt"; } >> "$OUT/benches.txt" && rm "$OUT/$name.txt"
done
cat "$OUT/env.txt"; grep -E "geomean|GEMV/floor" "$OUT/benches.txt" | head -12
grep -E "^time at N" "$OUT/benches.txt"

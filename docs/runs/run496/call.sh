#!/usr/bin/env bash
# Run 496 (seventy-fifth session): on an H200 only, run 495's columns bench (`nvfp4-gemv bench
# --columns --no-baselines`: issue 5's N = 8 / N = 1 over every model layer, item 302) on the
# machine of the README's tables, then run 491 (the README's decodes and side by side; the peer
# wheels carried), run 491's files packed into one archive (the device returns 8 files). On any
# other GPU it writes "not an H200" to env.txt and stops (the call costs the machine's start).
# Usage (device, from the repo root): bash docs/runs/run496/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 | tee -a "$OUT/env.txt"
timeout 200 python3 -m nvfp4_gemv bench --columns --no-baselines --reps 30 --json "$OUT/bench_columns.json" \
  > "$OUT/bench_columns.txt" 2>&1
echo "columns rc $? ${SECONDS}s" | tee -a "$OUT/env.txt"
mkdir -p /tmp/run491 && OUT=/tmp/run491 bash docs/runs/run491/call.sh
tar czf "$OUT/run491.tgz" -C /tmp/run491 .
grep -E "^time at N" "$OUT/bench_columns.txt"

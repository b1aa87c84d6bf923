#!/usr/bin/env bash
# Run 495 (seventy-fifth session): issue 5's "N = 8 within 1.3x of N = 1 on the large shapes" over
# every model layer, not only 7168x16384: `nvfp4-gemv bench --columns --no-baselines` (N = 1, 2, 4,
# 8, 16, W4A4 and W4A16 bf16, the layout NVFP4Linear's auto picks; item 302), on any GPU. On an
# H200 it then runs run 491 (docs/runs/run491/call.sh: the README's decodes and side by side, the
# peer wheels carried), its files packed into one archive (the device returns 8 files).
# Usage (device, from the repo root): bash docs/runs/run495/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 | tee -a "$OUT/env.txt"
timeout 300 python3 -m nvfp4_gemv bench --columns --no-baselines --reps 30 --json "$OUT/bench_columns.json" \
  > "$OUT/bench_columns.txt" 2>&1
echo "columns rc $? ${SECONDS}s" | tee -a "$OUT/env.txt"
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)" in
  *H200*)
    mkdir -p /tmp/run491 && OUT=/tmp/run491 bash docs/runs/run491/call.sh
    tar czf "$OUT/run491.tgz" -C /tmp/run491 . ;;
  *) echo "not an H200: run 491 not run" | tee -a "$OUT/env.txt" ;;
esac
grep -E "^time at N|W4A4 N=1 \||W4A4 task" "$OUT/bench_columns.txt"

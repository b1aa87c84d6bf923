#!/usr/bin/env bash
# Run 571 (ninety-third session): run 567's script on an H200 only (owed there since the
# ninety-second session: `bash run.sh`, issue 5's items 2 and 6, the floor by bytes in flight from
# 40 to 96 KB an SM), then the floor at 32, 128 and 256 KB an SM as well. On any other card it
# prints the card and stops (runs 567-568 ran that script on two H100s).
# Predicted (written before the run): as run 567's header says for the H200; and the floor over
# 7168x16384's 66 MB at 32 KB an SM 23-25 us, at 128 and 256 KB within 0.5 us of the best of
# 40-96 KB.
# Usage (device, from the repo root): bash docs/runs/run571/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
echo "$gpu"
[[ $gpu == *H200* ]] || { echo "not an H200: nothing run"; exit 0; }
bash docs/runs/run567/call.sh
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
OUT=${OUT:-$PWD/.out}
timeout 60 python3 scripts/floor_inflight.py 20 1x256 2x512 4x512 > "$OUT/floor_inflight_more.txt" 2>&1
cat "$OUT/floor_inflight_more.txt"

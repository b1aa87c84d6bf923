# Sourced by a device call script (docs/runs/runNNN/call.sh) from the repo root, after `set -uo
# pipefail`: creates OUT (default .out), puts this tree's src on PYTHONPATH with its own extension
# cache, writes the GPU to $OUT/env.txt, starts SECONDS and builds the extension (its last line to
# env.txt). The preamble the run folders' call scripts each spelled out, for the ones written from
# run 518 on (the earlier ones stay as they ran).
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"

#!/usr/bin/env bash
# Run 474: the refresh run of the session's tree (the patches run 476 chooses, and the
# sixty-seventh session's features: NVFP4Linear's global scale per output row, NVFP4_GEMV_LOG):
# `scripts/device_run.sh current` (the build, every GPU test of the kernel, features and
# NVFP4Linear with their 25 slowest, compute-sanitizer memcheck on all of scripts/memcheck_cases.py,
# the "Current" benches: bench --reps 30; --flush read --no-baselines; --all), then run 473's
# timing of the per-row global scale (docs/runs/run473/per_row.py, 30 reps). Seven files come back:
# device_run.sh's six and per_row.txt.
# Usage (device, from the repo root): bash docs/runs/run474/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
export NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache  # device_run.sh's build, reused by per_row.py
bash scripts/device_run.sh current
SECONDS=0
PYTHONPATH="$PWD/src" timeout 90 python3 docs/runs/run473/per_row.py 30 > "$OUT/per_row.txt" 2>&1
echo "per_row ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/per_row.txt"

#!/usr/bin/env bash
# Run 448: run 447's test selection again (by node id: the band sweep's, the tiled epilogues', the
# tiled and row-major tile sweeps' cases), after tests/conftest.py loads the extension before every
# GPU test: in run 447 the 92 tiled cases, which check their kernel with torch.ops.nvfp4 before
# run_op loads it, failed for want of the op when no earlier test had loaded it. Then every tiled
# test of test_gpu_kernel.py. On the tree of run 447's lambda copy (src identical).
# Usage (device, from the repo root): bash docs/runs/run448/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
T=tests/test_gpu_kernel.py
timeout 120 python3 -m pytest -q -p no:cacheprovider $T::test_tiled_band_sweep_matches_reference \
  $T::test_tiled_sweep_epilogues $T::test_tiled_tile_sweep_matches_reference $T::test_tile_sweep_matches_reference \
  2>&1 | tail -n 3 > "$OUT/tests447.txt"
echo "selection ${SECONDS}s" >> "$OUT/env.txt"
timeout 100 python3 -m pytest -q -p no:cacheprovider $T -k tiled 2>&1 | tail -n 3 > "$OUT/tiled.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/tests447.txt" "$OUT/tiled.txt" "$OUT/env.txt"

#!/usr/bin/env bash
# Run 125 (one device call, from the repository root; writes under $OUT): why the tiled ring
# (run 124, docs/runs/run124/tiled_ring.patch, applied to this machine's copy only) loses to the
# register window: ncu stall reasons and pipe use of both on 7168x16384 tiled (scripts/ncu_stalls.sh).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
git apply docs/runs/run124/tiled_ring.patch || exit 1
export CASE="7168 16384 1 1 fp4 tiled"
NVFP4_GEMV_TILED_RING=0 bash scripts/ncu_stalls.sh window > "$OUT/window_summary.txt" 2>&1
NVFP4_GEMV_TILED_RING=1 bash scripts/ncu_stalls.sh ring > "$OUT/ring_summary.txt" 2>&1
paste -d'|' <(cut -c1-95 "$OUT/window_summary.txt") <(sed 's/^ *//' "$OUT/ring_summary.txt" | cut -c1-60) | head -45

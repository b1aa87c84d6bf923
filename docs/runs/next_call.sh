#!/usr/bin/env bash
# This session's last device call, about 6 minutes:
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# 1. every test on the commit that merged the kernel's two k-step counts (only the N > 8 kernels'
#    SASS changed); 2. the bench's N table (those kernels' speed); 3. the tiled kernel's stall
#    reasons on 7168x16384 (ncu), for the compute side of item 68.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
date -u | tee "$OUT/next_env.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader | tee -a "$OUT/next_env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
python3 -m pytest -q tests 2>&1 | tail -n 5 > "$OUT/pytest.log"
python3 -m nvfp4_gemv bench --reps 30 --all --no-baselines --json "$OUT/bench_all.json" > "$OUT/bench_all.txt" 2>&1
CASE="7168 16384 1 1 fp4 tiled" timeout 170 bash scripts/ncu_stalls.sh tiled > "$OUT/ncu_tiled_summary.txt" 2>&1
cat "$OUT/next_env.txt"
echo "== pytest"; cat "$OUT/pytest.log"
echo "== bench"; grep -E "N=(1|2|4|8|16) |task|geomean" "$OUT/bench_all.txt" | head -40
echo "== ncu tiled"; head -40 "$OUT/ncu_tiled_summary.txt"

#!/usr/bin/env bash
# Run 565 (ninety-first session): scripts/two_buffer_floor_probe.cu with the scale stream's request
# width swept (B = 16, 8, 4, 2 bytes a load), two passes, on an H200 (run 563 ran B = 16 and 2 on an
# H100 only: "two /16" 0.97-1.01x "one", "two /2" 0.98-1.03x). Then, where PART is not `probe`, run
# 566: the whole tree through `scripts/device_run.sh current` (GPU suites, memcheck, "Current"
# benches), owed on an H200 since items 336-337 (run 564 ran it on an H100: all passed).
# Predicted (written before the run): on the H200 "two /16" and "two /8" within 1% of "one", "two /2"
# 3-7% over it (run 221: +1.3-1.4 us on 66 MB), "two /4" half way. If so the sweeps' 2-byte scale
# requests are a lever worth ~2-5% on the H200 and wider ones (B >= 8: one request a lane per 4+
# pieces, moved to the lanes by shuffles) would take it; if "two /2" is within 1% here too, the
# scale requests are not what keeps the task rows at 1.09-1.14x the floor.
# Usage (device, from the repo root): bash docs/runs/run565/call.sh [probe|current]
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT/565" "$OUT/566"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/565/env.txt"
PART=${1:-both}
SECONDS=0
if [ "$PART" != current ]; then
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tbf scripts/two_buffer_floor_probe.cu >> "$OUT/565/env.txt" 2>&1
for pass in 1 2; do
  echo "== pass $pass (${SECONDS}s)"
  timeout 150 /tmp/tbf 30
done > "$OUT/565/probe.txt" 2>&1
echo "probe done ${SECONDS}s" >> "$OUT/565/env.txt"
cat "$OUT/565/probe.txt"
fi
[ "$PART" = probe ] && exit 0
OUT=$OUT/566 MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -n 30

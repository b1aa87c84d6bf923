#!/usr/bin/env bash
# Run 563 (ninetieth session): scripts/two_buffer_floor_probe.cu, what reading a GEMV's bytes costs
# when they lie in two buffers (weights, and scales of W / 8 bytes) against the stream floor over one
# buffer of the same bytes (the yardstick), two passes; the scale stream by one 16-byte load a round,
# by eight 2-byte loads a round (the sweeps' request form), or after the weights.
# Predicted (written before the run): "two /16" within 1% of "one" on every byte count (a second
# buffer read with full-width requests costs nothing), "two /2" 3-7% over "one" (run 221: +1.3-1.4 us
# on 66 MB), "two seq" within 1% of "one". If "two /16" is within 1% and "two /2" is not, the
# sweeps' 2-byte scale requests are a lever; if "two /16" is also 3%+ over, a second buffer itself
# costs that and issue 4's 1.05 against a one-buffer floor carries it.
# Then run 564 on the same machine: the whole tree (items 336-337 in) through
# `scripts/device_run.sh current`: build, the kernel, feature and NVFP4Linear GPU suites, memcheck on
# scripts/memcheck_cases.py, the three "Current" benches.
# Usage (device, from the repo root): bash docs/runs/run563/call.sh [probe|current]  (OUT: where the
# output goes; no argument: both, the probe first)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT/563" "$OUT/564"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/563/env.txt"
PART=${1:-both}
SECONDS=0
if [ "$PART" != current ]; then
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tbf scripts/two_buffer_floor_probe.cu >> "$OUT/563/env.txt" 2>&1
for pass in 1 2; do
  echo "== pass $pass (${SECONDS}s)"
  timeout 120 /tmp/tbf 30
done > "$OUT/563/probe.txt" 2>&1
echo "probe done ${SECONDS}s" >> "$OUT/563/env.txt"
cat "$OUT/563/probe.txt"
fi
[ "$PART" = probe ] && exit 0
OUT=$OUT/564 MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -n 30

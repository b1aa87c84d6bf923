#!/usr/bin/env bash
# Run 464 (BENCHMARKS.md item 279, prepared): scripts/scale_stage_probe.cu, the W4A4 row sweep's
# memory pattern (no decode) with its scales read three ways: the library's 2-byte loads, bulk
# copies of every CTA row's scales into shared memory at the start, and bulk copies paced with the
# weights (each group's first thread 3 x rows-in-flight rows ahead); every mode's bytes checked
# against the 2-byte loads'. The task shapes and six layers on the library's plans, the bench's
# floor over the same bytes, modes in the order loads all ahead ahead all loads, 30 reps. Then
# scripts/compute_pace_probe.cu, whose "decode +x +rows" is sweep_kernel<2, 8> at L = 1 but for its
# launcher, with its scales staged the same way ("staged", as `all`), two passes, 7168x16384 and
# 14336x16384.
# Usage (device, from the repo root): bash docs/runs/run464/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/ssp scripts/scale_stage_probe.cu > "$OUT/build.txt" 2>&1 || { cat "$OUT/build.txt"; exit 1; }
timeout 240 /tmp/ssp 30 > "$OUT/probe.txt" 2>&1
echo "probe exit $? ${SECONDS}s" >> "$OUT/env.txt"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/cpp scripts/compute_pace_probe.cu >> "$OUT/build.txt" 2>&1 || { cat "$OUT/build.txt"; exit 1; }
timeout 240 /tmp/cpp 30 > "$OUT/pace.txt" 2>&1
echo "pace probe exit $? ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/probe.txt"; grep -E "floor|alu 0|decode \+x \+rows" "$OUT/pace.txt"; cat "$OUT/env.txt"

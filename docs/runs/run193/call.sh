#!/usr/bin/env bash
# Run 193 (one device call, from the repository root; writes under $OUT): the library's launch in
# the probe's harness (docs/runs/run193/lib_in_probe.cu), with the sweep and without it, then the
# probe itself (scripts/regact_probe.cu, its first four shapes), all in one machine session.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/lp docs/runs/run193/lib_in_probe.cu &
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/rp scripts/regact_probe.cu
wait
timeout 120 /tmp/lp > "$OUT/lib.txt" 2>&1
NVFP4_GEMV_SWEEP=0 timeout 120 /tmp/lp > "$OUT/lib_nosweep.txt" 2>&1
timeout 120 /tmp/rp 30 4 > "$OUT/probe.txt" 2>&1
cat "$OUT/lib.txt" "$OUT/lib_nosweep.txt" "$OUT/probe.txt"

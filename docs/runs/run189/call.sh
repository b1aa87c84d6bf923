#!/usr/bin/env bash
# Run 189 (one device call, from the repository root; writes under $OUT): the register-activation
# probe again, its generator fixed (splitmix64; run 188's LCG repeated every 8 KB rows, so some
# rows equalled x and overflowed fp16) and its floor reading the probe's own a + sfa buffer; CTAs
# of 5-8 warps so that a row group can be any number of warps.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/rp scripts/regact_probe.cu && timeout 300 /tmp/rp 30 > "$OUT/probe.txt" 2>&1
cat "$OUT/probe.txt"

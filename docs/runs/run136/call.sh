#!/usr/bin/env bash
# Run 136 (one device call, from the repository root; writes under $OUT): scripts/ncu_source.sh
# as committed, on the tiled lm_head (151936x4096 W4A4 N = 1): per-instruction stall samples.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
CASE="151936 4096 1 1 fp4 tiled" bash scripts/ncu_source.sh lm_head > "$OUT/lm_head_summary.txt" 2>&1
rm -f "$OUT/lm_head.ncu-rep"
cat "$OUT/lm_head_summary.txt"

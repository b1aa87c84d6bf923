#!/usr/bin/env bash
# Run 427: dynamic W4A4 with the fused quantization in the row sweep only up to K = 8192
# (kFusedQuantMaxK, as the tiled path; BENCHMARKS.md item 263; twok.patch: the tree) against the
# tree with two.patch alone (item 262; .variants/two427.cu, carried), both built in parallel
# (scripts/device_variants.sh), ab427.py 20 in the orders two / twok / twok / two; then
# `MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current` on the tree (two.patch and
# twok.patch on commit 20ea0db): the GPU tests, memcheck, and BENCHMARKS.md's "Current" benches.
# Usage (device, from the repo root): bash docs/runs/run427/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run427
VARIANT_CMD="$PWD/$R/ab427.py 20" VARIANT_TAIL=60 VARIANT_ORDER="two twok twok two" \
  bash scripts/device_variants.sh two=@.variants/two427.cu twok= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" > "$OUT/sides_env.txt"
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current > "$OUT/current.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/sides_env.txt"
tail -n 8 "$OUT/current.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"
cat "$OUT/sides_env.txt"
# At most 8 files come back: the text outputs in one tar.
(cd "$OUT" && tar cf texts.tar env.txt tests.txt sanitize.txt bench_*.txt current.txt sides_env.txt &&
   rm -f env.txt tests.txt sanitize.txt bench_*.txt current.txt sides_env.txt)

#!/usr/bin/env bash
# Prepared in the twenty-fourth session (not run; about 3 device minutes with the machine's start):
# (1) dynamic W4A4 against W4A16 on row-major weights (docs/runs/next_dynamic.py, unchecked
# timings) on the tree, which item 154 changed and which has not been timed since; (2) where the
# other kernels' warps stall, per SASS instruction, as run 229 found the sweeps' waits: the tiled
# integer item on 7168x16384 (NVFP4Linear's W4A4 path, 1.18x its floor; its hot loop reads item
# 3's scale word 107 instructions after loading it in a 579-instruction loop of 4 items,
# `scripts/sass_loop.py --loads`) and the row-major row tiles at N = 8 (1.50x the N = 1 time,
# the issue's bound 1.3; item 0's weights are read 40-150 instructions after their loads).
# BENCHMARKS.md Next steps.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc PYTHONUNBUFFERED=1
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
python3 docs/runs/next_dynamic.py > "$OUT/dynamic.txt" 2>&1
python3 docs/runs/next_dynamic.py >> "$OUT/dynamic.txt" 2>&1
for c in "tiled:7168 16384 1 1 fp4 tiled" "rowtiles8:7168 16384 1 8 fp4"; do
  name=${c%%:*}
  CASE="${c#*:}" bash scripts/ncu_source.sh "$name" > "$OUT/${name}_summary.txt" 2>&1
  rm -f "$OUT/$name.ncu-rep" "$OUT/${name}_ncu.log"
  gzip -f "$OUT/${name}_source.csv"
done
cat "$OUT/dynamic.txt"
for n in tiled rowtiles8; do echo "== $n"; head -30 "$OUT/${n}_summary.txt"; done

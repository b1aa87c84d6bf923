#!/usr/bin/env bash
# Prepared in the twenty-fifth session (not run; about 3 device minutes with the machine's start):
# (1) dynamic W4A4 against W4A16 on row-major weights (docs/runs/next_dynamic.py, unchecked
# timings): 2048x7168's fused kernel takes one piece a thread since item 158, not timed;
# (2) where the warps of the kernels not sampled since item 154 wait, per SASS instruction: the
# W4A16 sweep (bf16, 7168x16384; 1.17-1.18x its floor) and the one-piece W4A4 sweep (4096x7168x8,
# 7 warps a row, 1.10x). BENCHMARKS.md Next steps.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc PYTHONUNBUFFERED=1
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
python3 docs/runs/next_dynamic.py > "$OUT/dynamic.txt" 2>&1
python3 docs/runs/next_dynamic.py >> "$OUT/dynamic.txt" 2>&1
: > "$OUT/summaries.txt"
for c in "sweep16:sweep16_kernel:7168 16384 1 1 bf16" "sweep1:sweep_kernel:4096 7168 8 1 fp4"; do
  name=${c%%:*}; rest=${c#*:}; kernel=${rest%%:*}; case=${rest#*:}
  KERNEL=$kernel CASE="$case" bash scripts/ncu_source.sh "$name" > "/tmp/${name}_summary.txt" 2>&1
  rm -f "$OUT/$name.ncu-rep" "$OUT/${name}_ncu.log"
  gzip -f "$OUT/${name}_source.csv"
  { echo "== $name ($kernel, $case)"; cat "/tmp/${name}_summary.txt"; } >> "$OUT/summaries.txt"
done
cat "$OUT/dynamic.txt"
for n in sweep16 sweep1; do echo "== $n"; head -24 "/tmp/${n}_summary.txt"; done

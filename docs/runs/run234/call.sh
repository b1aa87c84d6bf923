#!/usr/bin/env bash
# Run 234 (one device call, from the repository root; writes under $OUT): the prepared call of the
# twenty-fourth session (docs/runs/next_call.sh): dynamic W4A4 against W4A16 on row-major weights
# (docs/runs/next_dynamic.py, twice, unchecked timings) on the tree (item 154 changed its
# quantizing sweeps), and ncu PC sampling of the tiled integer item on 7168x16384 and of the
# row-major row tiles at N = 8; plus the row sweeps again after item 154 (7168x16384 at 2 x 8,
# 4096x7168x8 at 4 x 2): where their warps wait now.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc PYTHONUNBUFFERED=1
python3 -m nvfp4_gemv build > /tmp/build.txt 2>&1 || { tail -20 /tmp/build.txt; exit 1; }
python3 docs/runs/next_dynamic.py > "$OUT/dynamic.txt" 2>&1
python3 docs/runs/next_dynamic.py >> "$OUT/dynamic.txt" 2>&1
: > "$OUT/summaries.txt"
for c in "tiled:gemv_kernel:7168 16384 1 1 fp4 tiled" "rowtiles8:gemv_kernel:7168 16384 1 8 fp4" \
         "sweep8:sweep_kernel:7168 16384 1 1 fp4" "sweep42:sweep_kernel:4096 7168 8 1 fp4"; do
  name=${c%%:*}; rest=${c#*:}; kernel=${rest%%:*}; case=${rest#*:}
  KERNEL=$kernel CASE="$case" bash scripts/ncu_source.sh "$name" > "/tmp/${name}_summary.txt" 2>&1
  rm -f "$OUT/$name.ncu-rep" "$OUT/${name}_ncu.log"
  gzip -f "$OUT/${name}_source.csv"
  { echo "== $name ($kernel, $case)"; cat "/tmp/${name}_summary.txt"; } >> "$OUT/summaries.txt"
done
cat "$OUT/dynamic.txt"
for n in tiled rowtiles8 sweep8 sweep42; do echo "== $n"; head -24 "/tmp/${n}_summary.txt"; done

#!/usr/bin/env bash
# Run 245 (one device call): ncu PC sampling (scripts/ncu_source.sh) of the sweeps on the small
# layers, where the time outside the hot loop weighs most: W4A4 4096x4096 (sweep_kernel, 2 x 2),
# W4A16 bf16 4096x4096 (sweep16_kernel, 2 x 2) and W4A16 bf16 2048x7168 (one piece x 7 warps).
# The source CSVs are kept (gzip) for reading outside the loop: scripts/ncu_source_stalls.py.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
: > "$OUT/summaries.txt"
for c in "w4a4_4096:sweep_kernel:4096 4096 1 1 fp4" "bf16_4096:sweep16_kernel:4096 4096 1 1 bf16" \
         "bf16_2048x7168:sweep16_kernel:2048 7168 1 1 bf16"; do
  name=${c%%:*}; rest=${c#*:}; kernel=${rest%%:*}; case=${rest#*:}
  KERNEL=$kernel CASE="$case" timeout 100 bash scripts/ncu_source.sh "$name" > "/tmp/${name}_summary.txt" 2>&1
  rm -f "$OUT/$name.ncu-rep" "$OUT/${name}_ncu.log"
  gzip -f "$OUT/${name}_source.csv"
  { echo "== $name ($kernel, $case)"; cat "/tmp/${name}_summary.txt"; } >> "$OUT/summaries.txt"
done
for n in w4a4_4096 bf16_4096 bf16_2048x7168; do echo "== $n"; head -12 "/tmp/${n}_summary.txt"; done

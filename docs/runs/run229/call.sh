#!/usr/bin/env bash
# Run 229 (one device call, from the repository root; writes under $OUT): where the row sweep's
# warps stall, per SASS instruction (ncu PC sampling; the sweep has not been sampled before), on
# 7168x16384 (2 pieces x 8 warps, 3 CTAs per SM), 4096x7168x8 (4 x 2, 2 per SM) and the W4A16
# sweep on 7168x16384 bf16; then the prepared memory probe on the batched task shapes
# (docs/runs/next_call.sh, two passes).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc
python3 -m nvfp4_gemv build > "$OUT/build.txt" 2>&1 || { tail -20 "$OUT/build.txt"; exit 1; }
(nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu > "$OUT/probe_build.txt" 2>&1) &
for c in "sweep8:7168 16384 1 1 fp4" "sweep42:4096 7168 8 1 fp4" "sweep16:7168 16384 1 1 bf16"; do
  name=${c%%:*}
  kernel=sweep_kernel; [ "$name" = sweep16 ] && kernel=sweep16_kernel
  KERNEL=$kernel CASE="${c#*:}" bash scripts/ncu_source.sh "$name" > "$OUT/${name}_summary.txt" 2>&1
  rm -f "$OUT/$name.ncu-rep"
  gzip -f "$OUT/${name}_source.csv"
  # SpeedOfLight and the issue stats for the same kernel (caches flushed by ncu between passes).
  timeout 120 ncu --clock-control none -k regex:$kernel -s 2 -c 1 --section SpeedOfLight \
    --section SchedulerStats --section Occupancy --section LaunchStats \
    python3 scripts/profile_case.py ${c#*:} > "$OUT/${name}_sol.txt" 2>&1
done
wait
/tmp/smp 30 > "$OUT/probe.txt" 2>&1
/tmp/smp 30 > "$OUT/probe2.txt" 2>&1
for n in sweep8 sweep42 sweep16; do
  echo "== $n"; head -32 "$OUT/${n}_summary.txt"
  grep -E "Duration|DRAM Throughput|Memory Throughput|Issue Slots Busy|No Eligible|Active Warps Per|Eligible Warps|Registers Per|Achieved Occ" "$OUT/${n}_sol.txt"
done
paste -d'|' <(cut -c1-56 "$OUT/probe.txt") <(cut -c41-56 "$OUT/probe2.txt") | tail -40
# At most 8 files come back: the summaries with their SpeedOfLight pages, the CSVs, both probe passes.
for n in sweep8 sweep42 sweep16; do cat "$OUT/${n}_sol.txt" >> "$OUT/${n}_summary.txt"; rm -f "$OUT/${n}_sol.txt" "$OUT/${n}_ncu.log"; done
echo "== second pass" >> "$OUT/probe.txt"; cat "$OUT/probe2.txt" >> "$OUT/probe.txt"
rm -f "$OUT/probe2.txt" "$OUT/build.txt" "$OUT/probe_build.txt"

#!/usr/bin/env bash
# Run 512 (BENCHMARKS.md item 313, seventy-eighth session): why bf16 x staged through registers
# loses ~0.5 us a tile where fp16 x gains, on the same plan and a loop 4 FMUL apart: ncu on the
# tile sweep's kernel of one call (after two) at 4096x14336 N = 8, fp16 and bf16 x, on this tree
# with sweep8_register_staged true for bf16 too ("bf16reg", run 510's diagnostic): the speed of
# light, warp states, scheduler and memory sections, then per-SASS stall samples (source page,
# CSV, gzipped). Clocks left alone (--clock-control none). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run512/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 NVFP4_GEMV_CACHE_DIR=/tmp/cache_bf16reg
SECONDS=0
rm -rf /tmp/tree_bf16reg && mkdir -p /tmp/tree_bf16reg && cp -r src scripts pyproject.toml /tmp/tree_bf16reg/
cd /tmp/tree_bf16reg
TS=src/nvfp4_gemv/csrc/tile_sweep.cuh
sed -i 's/return act != kActBF16 \&\& pieces == 2/return pieces == 2/' $TS
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv; grep -c 'return pieces == 2 && col_blocks' $TS;
  PYTHONPATH=src python3 -m nvfp4_gemv build 2>&1 | tail -n 1; echo "built ${SECONDS}s"; } > "$OUT/env.txt"
NCU="ncu --clock-control none -k regex:sweep8 --launch-skip 2 --launch-count 1"
for act in bf16 fp16; do
  PYTHONPATH=src timeout 120 $NCU --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section MemoryWorkloadAnalysis --section LaunchStats python3 scripts/profile_case.py 4096 14336 1 8 $act \
    > "$OUT/ncu_$act.txt" 2>&1
  echo "$act sections rc $? ${SECONDS}s" >> "$OUT/env.txt"
done
for act in bf16 fp16; do
  PYTHONPATH=src timeout 120 $NCU --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
    python3 scripts/profile_case.py 4096 14336 1 8 $act 2> "$OUT/src_$act.err" | gzip > "$OUT/src_$act.csv.gz"
  echo "$act source rc $? ${SECONDS}s" >> "$OUT/env.txt"
done
cat "$OUT/env.txt"
for act in bf16 fp16; do echo "== $act"; grep -E "Duration|DRAM Throughput|Memory Throughput|Warp Cycles Per Issued|Issue Slots Busy|No Eligible|Active Warps Per|Stall|Registers Per|Shared Memory Config|Dynamic Shared" "$OUT/ncu_$act.txt" | head -30; done

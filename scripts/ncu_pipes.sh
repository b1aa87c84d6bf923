#!/usr/bin/env bash
# Speed-of-light, memory-workload and compute-workload sections (Nsight Compute; device) of the
# GEMV on (M, K, 1) W4A4 (default 7168 16384): how busy the L1TEX / shared-memory data path, the
# LSU and MIO pipes and DRAM are. The layout follows the environment (NVFP4_GEMV_SPANS=0|1, TAG).
# Writes $OUT/ncu_pipes_MxK$TAG.txt and prints its throughput lines.
#   bash scripts/ncu_pipes.sh [M K]
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=${NVFP4_GEMV_CACHE_DIR:-/tmp/nc}
OUT=${OUT:-$PWD/.out}; mkdir -p "$OUT"
python3 -m nvfp4_gemv build >/dev/null 2>&1
MM=${1:-7168}; KK=${2:-16384}
F="$OUT/ncu_pipes_${MM}x${KK}${TAG:-}.txt"
timeout 200 ncu --clock-control none --cache-control all -k regex:gemv_kernel -s 2 -c 1 \
  --section SpeedOfLight --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis \
  --metrics l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_lsu.sum \
  python3 scripts/profile_case.py "$MM" "$KK" 1 > "$F" 2>&1
grep -E "Throughput|Busy|Pipe|wavefronts|Duration|pct|Issue|Executed Ipc|Bandwidth" "$F" | sed 's/  */ /g'

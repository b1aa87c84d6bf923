#!/usr/bin/env bash
# Stall reasons and pipe use of the GEMV on (7168, 16384, 1), W4A4 (Nsight Compute; device).
# Writes $OUT/ncu_NAME.txt (NAME: first argument, default shape1). The ring kernel on this shape:
#   NVFP4_GEMV_RING=1 bash scripts/ncu_stalls.sh ring
# Another case: CASE="M K L N act [tiled]" (scripts/profile_case.py's arguments), e.g.
#   CASE="7168 16384 1 1 fp4 tiled" bash scripts/ncu_stalls.sh tiled
NAME=${1:-shape1}
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc
python3 -m nvfp4_gemv build >/dev/null 2>&1
timeout 150 ncu --clock-control none -k regex:gemv_kernel -s 2 -c 1 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --section SourceCounters --metrics smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_not_selected.ratio,smsp__average_warp_latency_issue_stalled_selected.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__average_warp_latency_issue_stalled_dispatch_stall.ratio,smsp__average_warp_latency_issue_stalled_sleeping.ratio,smsp__average_warp_latency_issue_stalled_branch_resolving.ratio,smsp__average_warp_latency_issue_stalled_no_instruction.ratio,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__cycles_active.avg,sm__cycles_elapsed.avg python3 scripts/profile_case.py ${CASE:-7168 16384 1} > $OUT/ncu_$NAME.txt 2>&1
grep -E "Duration|DRAM Through|Issue Slots|No Eligible|Eligible Warps|stalled|cycles_active|cycles_elapsed|ALU|pipe" $OUT/ncu_$NAME.txt | head -40

#!/usr/bin/env bash
# Memory-side counters of the GEMV on (M, K, 1) W4A4 (default 7168 16384) and of the stream-floor
# kernel over the same byte count (Nsight Compute; device): DRAM bytes and throughput, L2 and L1
# requests and sectors. Writes $OUT/ncu_memory_MxK$TAG.txt; prints the metric lines. The layout
# follows the environment (e.g. NVFP4_GEMV_SPANS=0 or 1 TAG=_spans).
#   bash scripts/ncu_memory.sh [M K]
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc
python3 -m nvfp4_gemv build >/dev/null 2>&1
M="dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,\
lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,\
lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,\
l1tex__m_xbar2l1tex_read_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active,\
smsp__inst_executed.sum,lts__average_t_sector_hit_rate_srcunit_tex_op_read.pct"
MM=${1:-7168}; KK=${2:-16384}
cat > /tmp/ncu_case.py <<PY
import torch
from nvfp4_gemv import ops
from nvfp4_gemv.bench import random_operands, gemv_bytes
ops.load()
a, sfa, x, sfx = random_operands($MM, $KK, 1, 1, "fp4", "cuda")
out = torch.empty((1, $MM, 1), dtype=torch.float16, device="cuda")
data = torch.randint(0, 255, (gemv_bytes($MM, $KK, 1) // 16 * 16,), dtype=torch.uint8, device="cuda")
sink = torch.zeros(torch.cuda.get_device_properties(0).multi_processor_count * 4, dtype=torch.int32, device="cuda")  # default grid
for _ in range(3):
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
    torch.ops.nvfp4.stream_read(data, sink, 0, 512)
torch.cuda.synchronize()
PY
timeout 200 ncu --clock-control none --cache-control all -k regex:"gemv_kernel|stream_read" -s 2 -c 2 \
  --metrics "$M" python3 /tmp/ncu_case.py > "$OUT/ncu_memory_${MM}x${KK}${TAG:-}.txt" 2>&1
grep -E "gemv_kernel|stream_read_kernel|dram__|lts__|l1tex__|gpu__time|warps_active|inst_executed" \
  "$OUT/ncu_memory_${MM}x${KK}${TAG:-}.txt" | sed 's/  */ /g'

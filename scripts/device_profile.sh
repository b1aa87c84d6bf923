#!/usr/bin/env bash
# Profile the GEMV on the three benchmark shapes with Nsight Compute (hardware counters work on
# the Firecracker machines with --clock-control none), and check the carried peer wheels install.
# Writes $OUT/ncu_*.txt. Usage (device): bash scripts/device_profile.sh
set -u
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc
python3 -m nvfp4_gemv build 2>&1 | tail -2
python3 -m pip install -q --no-index --find-links peers/wheels humming-kernels gemlite transformers > $OUT/pip.log 2>&1; echo "pip rc $?"; tail -3 $OUT/pip.log
python3 -c "import humming, gemlite, transformers; print('humming', humming.__version__, 'gemlite', gemlite.__version__ if hasattr(gemlite,'__version__') else '?', 'transformers', transformers.__version__)" 2>&1 | tail -3
for s in "7168 16384 1" "4096 7168 8" "7168 2048 4"; do
  f=$(echo $s | tr ' ' _)
  timeout 120 ncu --clock-control none -k regex:gemv_kernel -s 2 -c 1 --section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis --section SchedulerStats --section MemoryWorkloadAnalysis --section LaunchStats --section Occupancy --section InstructionStats python3 scripts/profile_case.py $s > $OUT/ncu_$f.txt 2>&1; echo "ncu $s rc $?"
done
timeout 60 ncu --clock-control none -k regex:stream_read -s 2 -c 1 --section SpeedOfLight --section MemoryWorkloadAnalysis python3 -c "
import torch; from nvfp4_gemv import ops; ops.load()
d=torch.randint(0,255,(66060288,),dtype=torch.uint8,device='cuda'); s=torch.zeros(1024,dtype=torch.int32,device='cuda')
for _ in range(4): torch.ops.nvfp4.stream_read(d, s, 0, 0)
torch.cuda.synchronize()" > $OUT/ncu_stream.txt 2>&1; echo "ncu stream rc $?"
grep -E "Duration|DRAM Throughput|Memory Throughput|Compute \(SM\)|Issue Slots Busy|Executed Ipc A|No Eligible|Stall|Registers Per|Achieved Occupancy" $OUT/ncu_7168_16384_1.txt | head -40

#!/usr/bin/env bash
# Run 286 (BENCHMARKS.md item 189), prepared in the thirty-second session. (1) The stream floor's
# forms (scripts/floor_probe.cu): the library's floor kernel keeps 4 of its 8 loads in flight (ptxas
# at 32 registers folds the first group before the fifth load, cuobjdump) and reads its tail one
# load at a time; is a read of the task's bytes faster than the bench's floor (landscape.md: 12.7
# us for 33 MB against the bench's 14.2)? (2) The library's tile sweep
# and the standalone probe timed in one process, the same way (scripts/cols8_probe.cu built with
# -DWITH_LIBRARY and the library's kernel file: plan_gemv / launch_gemv, torch-free). Question
# (BENCHMARKS.md items 185-186): is the 2-3 us between the bench's 33.8-34.1 us (7168x16384 N = 8
# fp16, run 281) and the probe's 31.7-31.8 (runs 274, 277) the kernel or the harness (torch's
# write flush, the op's path)? Predicted: the kernel; if the library times ~31.8 here, the gap is
# the harness and the bench's N = 8 rows overstate the kernel.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/fp scripts/floor_probe.cu > "$OUT/build_fp.log" 2>&1 &
nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -o /tmp/c8l scripts/cols8_probe.cu \
  src/nvfp4_gemv/csrc/gemv_kernels.cu > "$OUT/build.log" 2>&1 || { tail -5 "$OUT/build.log"; exit 1; }
wait
/tmp/fp 30 2>&1 | tee "$OUT/floor_forms.txt"
/tmp/c8l 30 2>&1 | tee "$OUT/probe_vs_library.txt"

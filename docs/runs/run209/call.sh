#!/usr/bin/env bash
# Run 209: the full job on commit 87eab01 (items 139-141 in the Current tables; first GPU run of
# the sweeps' shared epilogue, the W4A4 sweep's one-group quantizing kernels after the
# quantize_piece split, int8_block's rescheduled code, the new dynamic test case): every test,
# the kernel tests with each variant forced and with both sweeps off, memcheck, the benchmark
# (write flush --all, read flush, leaderboard rule).
bash scripts/device_run.sh full

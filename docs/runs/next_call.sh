#!/usr/bin/env bash
# Prepared for the next session (not run; about 9.5 device minutes, the per-call limit is 10): the
# full job on the tree with items 139-141 (the W4A4 sweep's rows interleaved at L = 1, one
# butterfly for two rows, the W4A16 sweep's row pairs interleaved, the fused quantization shared
# by the CTA's groups; none yet in the Current tables): every test (the new dynamic case with
# CTAs across batches included), the kernel tests with each variant forced and with both sweeps
# off, memcheck, the benchmark (write flush --all, read flush, leaderboard rule).
bash scripts/device_run.sh full

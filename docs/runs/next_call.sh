#!/usr/bin/env bash
# Prepared for the next session (not run; about 9.5 device minutes, the per-call limit is 10): the
# full job on the tree with the W4A4 sweep's rows interleaved at L = 1 (BENCHMARKS.md item 139,
# not yet in the Current tables): every test, the kernel tests with each variant forced and with
# both sweeps off, memcheck, the benchmark (write flush --all, read flush, leaderboard rule).
bash scripts/device_run.sh full

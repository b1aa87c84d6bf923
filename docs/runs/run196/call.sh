#!/usr/bin/env bash
# Run 196 (one device call, from the repository root; writes under $OUT): the full job on the row
# sweep's commit: every test, the kernel tests with each variant forced and with the sweep off,
# memcheck, then the benchmark (write flush --all, read flush, leaderboard rule).
bash scripts/device_run.sh full

#!/usr/bin/env bash
# Run 201 (one device call, from the repository root; writes under $OUT): the full job on this
# session's commits (the W4A4 sweep at 3 CTAs per SM for 2 pieces and its one-path activation loads;
# the W4A16 row sweep): every test, the kernel tests with each variant forced and with both sweeps
# off, memcheck, then the benchmark (write flush --all, read flush, leaderboard rule).
bash scripts/device_run.sh full

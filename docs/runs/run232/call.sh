#!/usr/bin/env bash
# Run 232: commit 0da8d71 (the scale loads straight into 32-bit registers, item 154): the full job
# for the Current tables (scripts/device_run.sh full: the whole test suite, the kernel tests with
# each variant forced and the sweeps off, memcheck, the bench with write flush --all, read flush
# and the leaderboard rule). Every kernel's SASS moved (ld_scales_if serves them all).
set -uo pipefail
bash scripts/device_run.sh full > /tmp/full.txt 2>&1
rc=$?
grep -E "^\|? *(7168|4096|151936|14336|2048)|geomean|floor|Read bandwidth|passed|failed|memcheck|FAILED" /tmp/full.txt | head -90
exit $rc

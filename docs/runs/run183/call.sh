#!/usr/bin/env bash
# Run 183 (one device call, from the repository root; writes under $OUT): scripts/device_run.sh
# quick on the session's kernel (the kernel tests, bench --all, the read flush, the leaderboard
# rule): the "Current" tables of BENCHMARKS.md and the README. Run 184 runs the test half of full.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
bash scripts/device_run.sh quick

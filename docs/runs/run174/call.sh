#!/usr/bin/env bash
# Run 174 (one device call, from the repository root; writes under $OUT): the benches on the
# session's final kernel (scripts/device_run.sh quick: build, the kernel tests, bench --all with
# write flush, read flush, the leaderboard rule); run 175 runs the rest of "full" (every test, the
# forced-variant kernel tests, memcheck) and the fused dynamic quantization's table (two calls, each
# inside the device's 10-minute limit).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
bash scripts/device_run.sh quick

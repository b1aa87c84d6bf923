#!/usr/bin/env bash
# Run 164 (one device call, from the repository root; writes under $OUT): the full device run on
# the commit with the integer item by dp4a in the row tiles and the k spans (all tests, the
# forced-variant kernel tests including the integer k spans, memcheck, the benches).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
bash scripts/device_run.sh full

#!/usr/bin/env bash
# Run 492: run 491 on the H100 it got (no H200 guard): scripts/device_run.sh peers.
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
bash scripts/device_run.sh peers

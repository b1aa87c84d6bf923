#!/usr/bin/env bash
# Run 155 (one device call, from the repository root; writes under $OUT): the full device run on
# the commit with the tiled scale words not allocated in L1 (all tests, the forced-variant kernel
# tests, memcheck, the benches), then one more sed variant timed against it: "h256", the scale
# word load with the L2::256B prefetch hint as well (two steps' scales per fetch).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
bash scripts/device_run.sh full
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- -" timeout 200 \
  bash scripts/device_variants.sh head= \
  'h256=s/@q ld.global.nc.L1::no_allocate.u32 %0, \[%1\];/@q ld.global.nc.L1::no_allocate.L2::256B.u32 %0, [%1];/' \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | grep -E "==|built|tiled" | sed 's/gemv [0-9.]* us, //' | tail -n 40

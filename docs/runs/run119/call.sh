#!/usr/bin/env bash
# Run 119 (one device call, from the repository root; writes under $OUT). Do the row tiles and the
# tiled format pay for their scale loads as the k spans do (run 116: 2.5-11.5 us of their memory
# side)? Memory-side variants of the row-tile kernel (WarpStream), timed unchecked
# (scripts/time_shapes.py, both layouts), with the launch rule and with k spans forced:
#   tiles_xor         docs/runs/run134/next_nodecode.patch: the loaded words XORed, nothing decoded
#   tiles_xor_nosf    and no scale loads (a constant scale word)
#   spans_xor_nosf    run 116's k-span memory side without scale loads, for the same machine
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20 tiled" VARIANT_ENVS="- NVFP4_GEMV_SPANS=1" timeout 450 \
  bash scripts/device_variants.sh tiles_xor=%docs/runs/run119/tiles_xor.patch \
  tiles_xor_nosf=%docs/runs/run119/tiles_xor_nosf.patch spans_xor_nosf=%docs/runs/run116/spans_xor_nosf.patch \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 60

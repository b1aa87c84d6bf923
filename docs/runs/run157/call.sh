#!/usr/bin/env bash
# Run 157 (one device call, from the repository root; writes under $OUT): one 8-byte scale load
# per lane and two items (256 contiguous bytes per warp, both steps' scale tiles) in the tiled
# integer kernel's loop, as a memory-pattern diagnostic (.variants/sf64.cu: values unshuffled,
# output wrong on purpose), against HEAD; time_shapes.py once each (the device time left).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 170 \
  bash scripts/device_variants.sh head= sf64=@.variants/sf64.cu > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | grep -E "==|built|tiled" | sed 's/gemv [0-9.]* us, //' | tail -n 24

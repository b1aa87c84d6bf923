#!/usr/bin/env bash
# Run 116 (one device call, from the repository root; writes under $OUT): what separates the k
# spans' memory side in the kernel (29.5-30.3 us on 7168x16384, items 43, 48) from the same items
# read bare (pairs / spans2, 22.5-23.8 us, items 67, 74). Diagnostic variants of the k-span kernel,
# all with k spans forced (NVFP4_GEMV_SPANS=1), timed unchecked by scripts/time_shapes.py:
#   base                  as committed
#   xor                   the item's words XORed, nothing decoded (memory side)
#   xor_nosf              and no scale loads (a constant scale word)
#   xor_nosf_norot        and no per-CTA rotation of the starting k-step
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20" VARIANT_ENVS="NVFP4_GEMV_SPANS=1" timeout 500 \
  bash scripts/device_variants.sh base= xor=%docs/runs/run116/spans_xor.patch \
  xor_nosf=%docs/runs/run116/spans_xor_nosf.patch xor_nosf_norot=%docs/runs/run116/spans_xor_nosf_norot.patch \
  > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 45

#!/usr/bin/env bash
# Run 391 (BENCHMARKS.md item 242): item 241's pairing for every 2-piece one-column W4A16 sweep
# kernel with bf16 x at L = 1 (1..8 warps a row: one CTA an SM of 16 warps, twice the groups of
# today's 8-warp CTAs on 1..4 warps, sharing x's conversion; all_paired.patch) against the tree.
# Builds both copies in parallel (scripts/device_variants.sh), times ab_all_paired.py 20 in the
# orders base / new / new / base, then runs the kernel, feature and NVFP4Linear GPU tests on the
# new copy.
# Usage (device, from the repo root): bash docs/runs/run391/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run391
VARIANT_CMD="$PWD/$R/ab_all_paired.py 20 floors" VARIANT_TAIL=20 VARIANT_ORDER="base new new base" \
  bash scripts/device_variants.sh base= new=%$R/all_paired.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 220 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh new=%$R/all_paired.patch > "$OUT/tests_new.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_new.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 415: the W4A4 sweep's contiguous row ranges at L > 1 from SweepRows without a division
# (CTA b starts at b q + min(b, rem): q rows each, one more for the first rem CTAs, in place of
# balanced_bound's floor(b R / G); BENCHMARKS.md item 254). ranges.patch against the tree (commit
# 85f20b2). Builds both copies in parallel (scripts/device_variants.sh), times ab415.py 30 in the
# orders base / ranges / ranges / base, then the kernel, feature and NVFP4Linear GPU tests on ranges.
# Usage (device, from the repo root): bash docs/runs/run415/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run415
VARIANT_CMD="$PWD/$R/ab415.py 30" VARIANT_TAIL=60 VARIANT_ORDER="base ranges ranges base" \
  bash scripts/device_variants.sh base= ranges=%$R/ranges.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh ranges=%$R/ranges.patch > "$OUT/tests_ranges.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_ranges.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

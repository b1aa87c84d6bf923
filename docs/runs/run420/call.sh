#!/usr/bin/env bash
# Run 420: W4A4 one piece a thread on streams up to 64 MiB at any L (BENCHMARKS.md item 258;
# one64.patch: sweep_plan takes one piece wherever a row fits 8 warps of one and all L batches'
# weights are at most 2^26 bytes; the tree: at L = 1 up to 2^24, else where ceil(K / 1024) is odd)
# against the tree (commit 717a0ad). Builds both copies in parallel (scripts/device_variants.sh),
# times ab420.py 20 in the orders base / one64 / one64 / base, then the kernel, feature and
# NVFP4Linear GPU tests on one64.patch.
# Usage (device, from the repo root): bash docs/runs/run420/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run420
VARIANT_CMD="$PWD/$R/ab420.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base one64 one64 base" \
  bash scripts/device_variants.sh base= one64=%$R/one64.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_TAIL=8 timeout 260 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh one64=%$R/one64.patch > "$OUT/tests_one64.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_one64.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 411: item 250's split row loop for the W4A4 sweep's 4-piece kernels too (split4.patch:
# kPieces <= 4; their hot loops 509 -> 490 SASS, loads still read 292+ SASS after issue), against
# the tree of commit 9cb14e0 where they keep one checked loop. A test of item 250's reading of the
# W4A16 loss (two copies of a long loop body): the 4-piece body (~7.8 KB) sits between W4A4's 2-piece
# (~4.3 KB, gained) and W4A16's (~10 KB, lost). Builds both copies in parallel, times ab411.py 20
# in the orders base / split4 / split4 / base, then the kernel, feature and NVFP4Linear GPU tests on
# split4.
# Usage (device, from the repo root): bash docs/runs/run411/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run411
VARIANT_CMD="$PWD/$R/ab411.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base split4 split4 base" \
  bash scripts/device_variants.sh base= split4=%$R/split4.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh split4=%$R/split4.patch > "$OUT/tests_split4.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_split4.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

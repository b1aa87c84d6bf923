#!/usr/bin/env bash
# Run 426: the W4A4 sweep takes 2 pieces a thread wherever the 2-or-4 rule gives 4 and a 2-piece
# row fits 8 warps holding more warps an SM (24-28 against 12-16; BENCHMARKS.md item 262;
# two.patch, host code only) against the tree (commit 20ea0db). Builds both copies in parallel
# (scripts/device_variants.sh), times ab426.py 20 in the orders base / two / two / base, then the
# kernel, feature and NVFP4Linear GPU tests on the two copy already built (VARIANT_REUSE).
# Usage (device, from the repo root): bash docs/runs/run426/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run426
VARIANT_CMD="$PWD/$R/ab426.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base two two base" \
  bash scripts/device_variants.sh base= two=%$R/two.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 230 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh two=%$R/two.patch > "$OUT/tests_two.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_two.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; cat "$OUT/env.txt"

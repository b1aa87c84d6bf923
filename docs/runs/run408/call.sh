#!/usr/bin/env bash
# Run 408: two variants against the tree of commit facdb54 (item 250's W4A4 split loop), and that
# tree's GPU tests. x16first.patch: the W4A16 sweep with fp16 x of one column loaded before the
# first window's weights (a branch on n == 0 after x's loads keeps ptxas from hoisting the weight
# loads above them; the 13-15-warp fp16 kernels spill 8-16 bytes in this form); epi.patch: the
# row sweeps' epilogue without the division by M at L == 1 (l = 0). Builds the three copies in
# parallel (scripts/device_variants.sh), times ab408.py 20 in the orders base / x16first / epi /
# epi / x16first / base, then the kernel, feature and NVFP4Linear GPU tests on base.
# Usage (device, from the repo root): bash docs/runs/run408/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run408
VARIANT_CMD="$PWD/$R/ab408.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base x16first epi epi x16first base" \
  bash scripts/device_variants.sh base= x16first=%$R/x16first.patch epi=%$R/epi.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh base= > "$OUT/tests_base.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_base.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

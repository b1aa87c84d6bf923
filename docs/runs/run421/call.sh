#!/usr/bin/env bash
# Run 421: W4A4 one piece a thread wherever that holds more warps an SM (BENCHMARKS.md item 259;
# warps.patch: sweep_pieces takes one piece where a row fits 8 warps of one and sweep_warps_per_sm(1)
# exceeds the 2-or-4-piece kernel's: 24 against 16 on K = 3584..4096 and 7169..8192 with 4
# pieces, 24 against 18 on K = 5121..6144; host code only, the kernels' SASS unchanged) against the
# tree (commit 717a0ad). Builds both copies in parallel (scripts/device_variants.sh), times
# ab421.py 20 in the orders base / warps / warps / base, then the kernel, feature and NVFP4Linear
# GPU tests on warps.patch.
# Usage (device, from the repo root): bash docs/runs/run421/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run421
VARIANT_CMD="$PWD/$R/ab421.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base warps warps base" \
  bash scripts/device_variants.sh base= warps=%$R/warps.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_TAIL=8 timeout 260 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh warps=%$R/warps.patch > "$OUT/tests_warps.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_warps.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

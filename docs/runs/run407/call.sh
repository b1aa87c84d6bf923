#!/usr/bin/env bash
# Run 407: the row sweeps' loop iterations split in two loops, the full ones (every row of the
# iteration and of the next window present) without row-count predicates, the last ones as
# before. peel.patch: W4A4 (sweep_kernel) and W4A16 (sweep16_kernel) both keeping the in-loop
# break before a row's dot (a basic-block boundary: ptxas issued the loads late without it);
# peelnb.patch: the same W4A4, the W4A16 full iterations without the break. Builds the three
# copies in parallel (scripts/device_variants.sh), times ab407.py 20 in the orders base / peel /
# peelnb / peelnb / peel / base, then the kernel, feature and NVFP4Linear GPU tests on peel.
# Usage (device, from the repo root): bash docs/runs/run407/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run407
VARIANT_CMD="$PWD/$R/ab407.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base peel peelnb peelnb peel base" \
  bash scripts/device_variants.sh base= peel=%$R/peel.patch peelnb=%$R/peelnb.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh peel=%$R/peel.patch > "$OUT/tests_peel.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_peel.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 403 (BENCHMARKS.md item 249): the W4A4 row sweep with each lane's partial row sums stored
# to shared memory and added in the epilogue, no shuffle butterfly a row pair in the hot loop
# (lane_sums.patch), against the tree. Builds both copies in parallel (scripts/device_variants.sh),
# times ab403.py 20 in the orders base / new / new / base, then runs the kernel and feature GPU
# tests on the new copy.
# Usage (device, from the repo root): bash docs/runs/run403/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run403
VARIANT_CMD="$PWD/$R/ab403.py 20" VARIANT_TAIL=80 VARIANT_ORDER="base new new base" \
  bash scripts/device_variants.sh base= new=%$R/lane_sums.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 240 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh new=%$R/lane_sums.patch > "$OUT/tests_new.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_new.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 399 (BENCHMARKS.md item 246): the W4A4 sweep of 2 pieces a thread on 3, 5 or 6 warps a row
# with x in shared memory and 4 rows in flight a thread instead of 2 (xs4.patch, a diagnostic of
# the load window's length at the same warps an SM), against the tree. Builds both copies in
# parallel (scripts/device_variants.sh), times ab399.py 20 in the orders base / new / new / base,
# then runs the kernel and feature GPU tests on the new copy.
# Usage (device, from the repo root): bash docs/runs/run399/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run399
VARIANT_CMD="$PWD/$R/ab399.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base new new base" \
  bash scripts/device_variants.sh base= new=%$R/xs4.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 240 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh new=%$R/xs4.patch > "$OUT/tests_new.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_new.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

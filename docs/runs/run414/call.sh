#!/usr/bin/env bash
# Run 414: the row sweeps' split of their units over the grid worked out on the host (SweepRows
# {blocks, q, rem}: no division by the grid in the kernels at L == 1; BENCHMARKS.md item 253, the
# idea of item 148 on today's kernels). rows4.patch: the W4A4 sweep (sweep_kernel) only;
# rowsall.patch: it and the W4A16 sweep (sweep16_kernel). Builds the three copies in parallel
# (scripts/device_variants.sh), times ab414.py 20 in the orders base / rows4 / rowsall / rowsall /
# rows4 / base, then the kernel, feature and NVFP4Linear GPU tests on rowsall.
# Usage (device, from the repo root): bash docs/runs/run414/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run414
VARIANT_CMD="$PWD/$R/ab414.py 20" VARIANT_TAIL=60 VARIANT_ORDER="base rows4 rowsall rowsall rows4 base" \
  bash scripts/device_variants.sh base= rows4=%$R/rows4.patch rowsall=%$R/rowsall.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh rowsall=%$R/rowsall.patch > "$OUT/tests_rowsall.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_rowsall.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn"; cat "$OUT/env.txt"

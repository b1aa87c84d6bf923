#!/usr/bin/env bash
# Run 388 (BENCHMARKS.md item 240): two mma accumulator chains in the one-column 2-piece W4A16
# sweep wherever an SM holds fewer than 16 of its warps (3, 5, 6, 7 warps a row) as well as on
# one CTA of 13..16, split by piece (chains_by_piece.patch) or by scale block, words 0-1 against
# 2-3 (chains_by_block.patch), against the tree (item 239: word parity on 13..16 only).
# Builds the three copies in parallel (scripts/device_variants.sh), times ab_chains.py 20 in the
# orders base / piece / block / block / piece / base, then runs the kernel, feature and
# NVFP4Linear GPU tests on the block copy.
# Usage (device, from the repo root): bash docs/runs/run388/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
R=docs/runs/run388
VARIANT_CMD="$PWD/$R/ab_chains.py 20 floors" VARIANT_TAIL=20 \
  VARIANT_ORDER="base piece block block piece base" \
  bash scripts/device_variants.sh base= piece=%$R/chains_by_piece.patch block=%$R/chains_by_block.patch \
  > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=8 timeout 200 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh block=%$R/chains_by_block.patch > "$OUT/tests_block.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 4 "$OUT/tests_block.txt"; sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built"; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 447: band16_kernel's three copies of its slot load (rows g and g + 8 and the scale word)
# written once as a lambda (the review's duplication; it reschedules the unragged fp16 hot loop,
# its loads' first reads 37-77 instructions after issue against 52-93, so timed) against the tree
# without it (base.patch: commit 72a3a50's src). Builds both copies, times
# docs/runs/run444/ab444.py 20 on the band sweep's shapes in the orders base / lam / lam / base,
# then the band and tile sweeps' GPU tests on the new copy (the tiled epilogue tests merged into
# test_tiled_sweep_epilogues).
# Usage (device, from the repo root): bash docs/runs/run447/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run447
SHAPES=7168x16384,8192x28672,14336x4096,151936x4096,4096x4096,6336x16384,2048x7168
VARIANT_CMD="$PWD/docs/runs/run444/ab444.py 20 $SHAPES" VARIANT_TAIL=12 VARIANT_ORDER="base lam lam base" \
  timeout 240 bash scripts/device_variants.sh base=%$R/base.patch lam= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=4 timeout 150 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py::test_tiled_band_sweep_matches_reference tests/test_gpu_kernel.py::test_tiled_sweep_epilogues tests/test_gpu_kernel.py::test_tiled_tile_sweep_matches_reference tests/test_gpu_kernel.py::test_tile_sweep_matches_reference" \
  bash scripts/device_variants.sh lam= > "$OUT/tests.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests.txt"
sed 's/ | \[[^]]*\]//' "$OUT/sides.txt" | grep -v "^built\|arn\|_warn_once"; cat "$OUT/env.txt"

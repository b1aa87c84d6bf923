#!/usr/bin/env bash
# Prepared in the twelfth session for the next one (not run), about 6 minutes:
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# Warp bands (docs/runs/run139/next_warp_bands.patch, src; its tests next_warp_bands_tests.patch;
# BENCHMARKS.md "Next steps"): for tiled weights
# with one batch and at least 2 bands per warp of a wave (the lm_head on the H200), each warp
# takes whole 16-row bands in a grid-wide front (bands w, w + W, ...) and writes their rows from
# its accumulators: the order the probe reads at the floor (item 90), without item 91's per-block
# barriers. Compiles for sm_80-120a with no spills; the plan rules pass with it (CPU). Not run on
# a GPU yet. 1. timings, each setting twice: the patched build (wb) with NVFP4_GEMV_WARP_BANDS=0
# and unset (the rule: the lm_head only), and the same with the decode replaced by an XOR (wbnd,
# next_warp_bands_nodecode.patch: the memory side alone, to set against the probe's bare 82.9 us
# for the lm_head in the front order); 2. the kernel tests with the rule (8 new warp-band tests)
# and the tiled tests with warp bands forced everywhere they fit (NVFP4_GEMV_WARP_BANDS=1).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled" \
  VARIANT_ENVS="NVFP4_GEMV_WARP_BANDS=0 - NVFP4_GEMV_WARP_BANDS=0 -" timeout 420 \
  bash scripts/device_variants.sh wb=%docs/runs/run139/next_warp_bands.patch \
  wbnd=%docs/runs/run139/next_warp_bands_nodecode.patch > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/wb && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 git apply "$OLDPWD/docs/runs/run139/next_warp_bands_tests.patch" || exit 1
 timeout 120 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1
 NVFP4_GEMV_WARP_BANDS=1 timeout 100 python3 -m pytest -q tests/test_gpu_kernel.py -k tiled 2>&1 | tail -n 1) \
  > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 76
cat "$OUT/pytest.log"

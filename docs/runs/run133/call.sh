#!/usr/bin/env bash
# Run 133 (one device call, from the repository root; writes under $OUT): L1 prefetches
# (prefetch.global.L1, SASS CCTL.E.PF1) of the next iteration's 4 items (weights and scales) at
# the top of each WarpStream iteration, pinned there by an unprovable side exit (ptxas sinks them
# to the end of the loop otherwise), so that the loads ptxas issues late in the iteration hit L1.
# Variants: base (HEAD, .variants/head.cu), pf (the working tree), pfa (pf with the weight loads
# allocating in L1, .variants/pfa.cu). Timed unchecked; then the kernel tests on pf.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 420 bash scripts/device_variants.sh \
  base=@.variants/head.cu pf= pfa=@.variants/pfa.cu > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/pf && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 100 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 2) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 42
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 132 (one device call, from the repository root; writes under $OUT): a basic-block boundary
# after each item's loads in WarpStream::run (an unprovable side exit, `if (s + d >= INT_MAX -
# 2 kPrefetch) __trap();`), so that ptxas issues each item's loads right after its compute
# instead of all at the end of the iteration (run 131: the first item's consumers then wait a
# whole DRAM latency, 29% of the hot loop's stall samples). Variants: base (HEAD's kernel,
# .variants/head.cu) and fence (the working tree), timed unchecked; then the kernel tests on fence.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 420 bash scripts/device_variants.sh \
  base=@.variants/head.cu fence= > "$OUT/var.txt" 2>&1
(cd /tmp/nvfp4_variants/fence && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 120 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 2) > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 30
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 128 (one device call, from the repository root; writes under $OUT): the flowing register
# window (WarpStream::flow: the last group of a band loads the next band's first items, so the
# window does not drain at band changes inside a warp's range). Variants: base (HEAD's kernel
# file, .variants/head.cu), flow (the working tree: tiled layout only), flowall (row-major row
# tiles too, .variants/flowall.cu; spills 4 bytes on sm_100a, not on sm_90a). Timings, then the
# kernel tests on flow and flowall.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 420 bash scripts/device_variants.sh \
  base=@.variants/head.cu flow= flowall=@.variants/flowall.cu > "$OUT/var.txt" 2>&1
for v in flow flowall; do
  (cd /tmp/nvfp4_variants/$v && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
   timeout 100 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 3) > "$OUT/pytest_$v.log"
done
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 42
tail -n 2 "$OUT"/pytest_*.log

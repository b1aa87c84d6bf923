#!/usr/bin/env bash
# Run 140 (one device call, from the repository root; writes under $OUT): the W4A4 item on the
# integer tensor core (compute_item_imma, the working tree; BENCHMARKS.md item 98). One build;
# the kernel tests with the rule as it stands (imma wherever it fits: W4A4 at one column), then
# timings unchecked (time_shapes.py) with NVFP4_GEMV_IMMA=0 (the fp16 item, the kernels of HEAD)
# and unset, twice each.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
W=/tmp/nvfp4_variants/imma
rm -rf $W && mkdir -p $W && cp -r src tests scripts pyproject.toml $W/
(cd $W && NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src python3 -m nvfp4_gemv build > build.log 2>&1; echo "build: exit $?"; tail -n 3 build.log)
(cd $W && export NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src
 timeout 150 python3 -m pytest -q -x tests/test_gpu_kernel.py 2>&1 | tail -n 15) > "$OUT/pytest.log"
VARIANT_REUSE=1 VARIANT_CMD="scripts/time_shapes.py 20 tiled" \
  VARIANT_ENVS="NVFP4_GEMV_IMMA=0 - NVFP4_GEMV_IMMA=0 -" timeout 300 \
  bash scripts/device_variants.sh imma= > "$OUT/var.txt" 2>&1
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
cat "$OUT/pytest.log"

#!/usr/bin/env bash
# Run 120 (one device call, from the repository root; writes under $OUT). The compute side of the
# row-tile kernels (weights re-read from L2: docs/runs/next_nomem.patch) with and without the E2M1
# decode (nomem_nodecode: the raw words, made distinct by an IMAD, go to the HMUL2 and the mma),
# timed unchecked by scripts/time_shapes.py in both layouts; then every GPU test on the tree as
# committed (byte-wise decode, pair_k, SASS identical to run 108's build).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 300 bash scripts/device_variants.sh \
  nomem=%docs/runs/next_nomem.patch nodecode=%docs/runs/run120/nomem_nodecode.patch > "$OUT/var.txt" 2>&1
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$OUT/build.log" 2>&1
timeout 150 python3 -m pytest -q tests 2>&1 | tail -n 5 > "$OUT/pytest.log"
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 30
cat "$OUT/pytest.log"

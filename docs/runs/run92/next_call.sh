#!/usr/bin/env bash
# The next session's first device call (BENCHMARKS.md "Next steps"), written out so that no variant
# spec passes through a shell variable (run 85 lost 10 device minutes that way). About 5 minutes.
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
date -u | tee "$OUT/next_env.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader | tee -a "$OUT/next_env.txt"

# 1. Is the tail the static partition's? The probe's CTA timelines (floor, blk, tile rows).
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu &&
  timeout 150 /tmp/pp floor blk3 tile/4+sf+mma tiled "inter/8 tiled" > "$OUT/probe.txt" 2>&1
echo "probe exit $?" >> "$OUT/next_env.txt"

# 2. The two prepared variants against the base, unchecked timings, then their kernel and
#    feature tests (the prime patch also under NVFP4_GEMV_BULK=1).
VARIANT_CMD="scripts/time_shapes.py 20" VARIANT_ENVS="- NVFP4_GEMV_BULK=1" timeout 240 \
  bash scripts/device_variants.sh base= w16=%docs/runs/next_one_cta_16_warps.patch \
  pal=%docs/runs/next_prime_after_landing.patch > "$OUT/var.txt" 2>&1
VARIANT_REUSE=1 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  VARIANT_ENVS="- NVFP4_GEMV_BULK=1" timeout 200 \
  bash scripts/device_variants.sh w16=%docs/runs/next_one_cta_16_warps.patch \
  pal=%docs/runs/next_prime_after_landing.patch > "$OUT/var_tests.txt" 2>&1

# 3. The CTA timeline of the committed kernel (with the copy's landing time), CSV kept.
REPO=$PWD
rm -rf /tmp/ct_tree && mkdir -p /tmp/ct_tree && cp -r src scripts /tmp/ct_tree/ &&
  (cd /tmp/ct_tree && git apply "$REPO/docs/runs/run89/cta_times.patch" &&
   export NVFP4_GEMV_CACHE_DIR=/tmp/ct_cache PYTHONPATH=src &&
   timeout 150 python3 -m nvfp4_gemv build > /dev/null 2>&1 &&
   for s in "7168 16384 1" "4096 7168 8" "7168 2048 4"; do
     echo "== $s"
     CTA_TIMES_CSV="$OUT/cta.csv" timeout 60 python3 scripts/cta_times.py $s 3 2>&1 | tail -n 9
   done) > "$OUT/cta.txt" 2>&1

cat "$OUT/next_env.txt"
echo "== probe"; grep -vE "^(device|imma)" "$OUT/probe.txt" | head -60
echo "== variants"; grep -vE "^\s*$" "$OUT/var.txt" | tail -n 45
echo "== variant tests"; grep -E "^==|passed|failed|Error" "$OUT/var_tests.txt"
echo "== timeline"; cat "$OUT/cta.txt"

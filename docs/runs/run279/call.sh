#!/usr/bin/env bash
# Prepared in the thirty-first session (not run: no device time left), for the tree with
# docs/runs/next_sweep8_pieces4.patch applied (git apply it; save the tree before it first with
# git show HEAD:src/nvfp4_gemv/csrc/gemv_kernels.cu > .variants/head.cu and the patched file as
# .variants/p4.cu; carry .variants). The patch: the tile sweep with 4 chunks a thread where
# K > 8192 (Sweep8Shape<4>: clusters of 2 CTAs of up to 256 chunks, 66 clusters on all 132 SMs
# instead of 30 clusters of 4 on 120; 2 stages of 74 KB), a warp whose chunks end before a piece
# skips it (K = 14336: 16 of 128 slots were computed on zeros), bf16's per-warp scales read from
# shared memory per tile (the 4-piece bf16 kernel spilled 2-22 bytes at the 128-register cap
# otherwise); sm_90a: no spills, hot loops 619-625 (2 pieces) and 935-947 (4 pieces) per tile;
# plan rules and compile targets pass with it. Predicted: 7168x16384 N = 8 from 33.9 to ~31 us
# (120 -> 132 SMs, less per-tile overhead per value), 4096x14336 N = 8 25.2 -> ~23; K <= 8192
# unchanged within 0.3 us.
# This call: build both; cols_ab.py (run 275's) in head and p4, two orders (unchecked); the
# kernel tests and memcheck in p4's build.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
for order in "head p4" "p4 head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/run275/cols_ab.py" bash scripts/device_variants.sh \
    $(for n in $order; do echo "$n=@.variants/$n.cu"; done) >> "$OUT/cols_ab.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/cols_ab.txt"
VARIANT_REUSE=1 VARIANT_TAIL=4 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh p4=@.variants/p4.cu > "$OUT/pytest.log" 2>&1
tail -n 4 "$OUT/pytest.log"
(cd /tmp/nvfp4_variants/p4 2>/dev/null || exit 0
 NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 \
   python3 scripts/memcheck_cases.py > /tmp/memcheck.log 2>&1
 echo "memcheck exit $? ($(grep -c '^ok' /tmp/memcheck.log) cases)") | tee -a "$OUT/pytest.log"

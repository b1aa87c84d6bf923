#!/usr/bin/env bash
# Run 222: the sweeps' pieces by warp (BENCHMARKS.md item 151): warp w of a group holds pieces
# 32 P w + 32 u + lane (its P scale loads of a row on whole lines) where they were u * group_threads
# + q. pw: .variants/pw.cu (piece0 = 32 P warp + lane), pw2: .variants/pw2.cu (the same pieces
# written q + 32 (P - 1) warp in sweep_kernel, which ptxas schedules differently: 4 x 2 kernel's
# first loads earlier); base: HEAD's gemv_kernels.cu. (1) kernel + feature tests on pw2 and pw,
# stop on failure; (2) time_shapes.py 20 (W4A4), two orders; (3) next_sweep16.py (W4A16), two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh $(v pw2 pw) > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -6
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "head pw pw2" "pw2 pw head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
for order in "head pw pw2" "pw2 pw head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built | sed -E 's/ row-major / rm /g'

#!/usr/bin/env bash
# Run 212, on commit c298af1 (the W4A16 sweep's pair butterfly of run 210 and the quantizing W4A4
# sweep's pair form of run 211 together, first time in one tree): (1) device_run.sh quick (build,
# kernel tests, bench write / read flush / leaderboard rule) and the feature tests; (2) the W4A16
# sweep where the W4A4 sweep takes 4 pieces (s16all: sweep16_fits without sweep_pieces == 2, K <=
# 16384 only; run 199 had it slower there, before the pair butterfly cut its hot loop 747 -> 711):
# next_sweep16.py in two orders (unchecked), then its kernel tests.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
bash scripts/device_run.sh quick > "$OUT/quick.txt" 2>&1
PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m pytest -q tests/test_gpu_features.py 2>&1 | tail -n 3 > "$OUT/features.txt"
for order in "s16all base" "base s16all"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=";;
      s16all) echo "s16all=%docs/runs/run212/s16all.patch";; esac; done) >> "$OUT/w4a16.txt" 2>&1
done
VARIANT_REUSE=1 VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh s16all=%docs/runs/run212/s16all.patch > "$OUT/tests.txt" 2>&1
tail -n 75 "$OUT/quick.txt" | grep -v "^$"
cat "$OUT/features.txt"
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built
grep -E "==|passed|failed" "$OUT/tests.txt"

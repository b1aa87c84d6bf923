#!/usr/bin/env bash
# Run 213: the W4A16 sweep's bf16 exponent per warp (wexp: the working tree = commit 220fa55 with
# wexp.patch beside this file; one REDUX in the prologue, no shared atomic and no CTA barrier
# before the first mma) against 220fa55 (base: the column's exponent; .variants/head.cu = git show
# 220fa55:src/nvfp4_gemv/csrc/gemv_kernels.cu, carried). (1) kernel and feature tests on wexp (the new bf16 test with magnitudes varying along
# K among them); stop if they fail. (2) next_sweep16.py in two orders (unchecked timings). (3) the
# bench on wexp's build: write flush --all, leaderboard rule.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
WORK=/tmp/nvfp4_variants
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh wexp= > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -4
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "wexp base" "base wexp"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/next_sweep16.py" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=@.variants/head.cu";; *) echo "$v=";; esac; done) \
    >> "$OUT/w4a16.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a16.txt" | grep -v built
cd "$WORK/wexp" && export NVFP4_GEMV_CACHE_DIR="$WORK/wexp/cache" PYTHONPATH=src
python3 -m nvfp4_gemv info >> "$OUT/env.txt" 2>&1
python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
python3 -m nvfp4_gemv bench --leaderboard --no-baselines --json "$OUT/bench_leaderboard.json" > "$OUT/bench_leaderboard.txt" 2>&1
cat "$OUT/bench_write.txt" "$OUT/bench_leaderboard.txt"

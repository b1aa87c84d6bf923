#!/usr/bin/env bash
# Run 219: the W4A4 sweep's rows interleaved per batch at L > 1 (bi: the working tree = e287501 +
# this change: the CTAs split evenly over the batches on a grid of C x L CTAs, batch blockIdx.y's
# rows c, c + C, ... for c = blockIdx.x, one segment a CTA, one activation) against e287501 (base:
# .variants/head.cu, carried; L > 1: balanced contiguous ranges of the L * M rows). (1) kernel and
# feature tests on bi, stop if they fail; (2) time_shapes.py 20 in two orders (unchecked); (3) the
# bench on bi's build: write flush --all, read flush, leaderboard rule.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
WORK=/tmp/nvfp4_variants
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
VARIANT_TAIL=3 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py tests/test_gpu_features.py" \
  bash scripts/device_variants.sh bi= > "$OUT/tests.txt" 2>&1
grep -E "==|passed|failed" "$OUT/tests.txt" | head -4
grep -q "failed" "$OUT/tests.txt" && { tail -n 40 "$OUT/tests.txt"; exit 1; }
for order in "bi base" "base bi"; do
  VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
    $(for v in $order; do case $v in base) echo "base=@.variants/head.cu";; *) echo "$v=";; esac; done) \
    >> "$OUT/w4a4.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/w4a4.txt" | grep -v built
cd "$WORK/bi" && export NVFP4_GEMV_CACHE_DIR="$WORK/bi/cache" PYTHONPATH=src
python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
python3 -m nvfp4_gemv bench --reps 30 --flush read --no-baselines --json "$OUT/bench_read.json" > "$OUT/bench_read.txt" 2>&1
python3 -m nvfp4_gemv bench --leaderboard --no-baselines > "$OUT/bench_leaderboard.txt" 2>&1
grep -E "task|geomean|W4A4" "$OUT/bench_write.txt" | head -30
grep -E "task|geomean" "$OUT/bench_read.txt" "$OUT/bench_leaderboard.txt"

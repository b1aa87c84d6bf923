#!/usr/bin/env bash
# Run 462 (BENCHMARKS.md item 278, prepared): the W4A4 row sweep's warp sums four rows a butterfly
# (quad_src.patch: quad_warp_sum after two pair_swap, 6 SHFL for 4 rows where two pair butterflies
# take 10; the one-piece kernels' 4-row window in one, the 2-piece kernels two steps' rows in one,
# one float held between them: hot loop 524-530 SASS for 4 rows against 2 x 268-271)
# against the tree as it is: the same additions in the same order, so the outputs must be the same
# bytes. Both copies built in parallel (scripts/device_variants.sh), then scripts/ab_shapes.py 20
# (W4A4 at one FP4 column, write flush, medians, unchecked) in the orders base / quad / quad / base,
# dynamic W4A4 on three one-piece shapes likewise, then docs/runs/run462/outputs.py in both copies
# (SHA-256 of each output, fp32 out). The GPU tests and memcheck of the patched tree: run 463.
# Usage (device, from the repo root): bash docs/runs/run462/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run462
V="base= quad=%$R/quad_src.patch"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
# Task shapes and layers (plan_rules show fp4 rowmajor ...): 2 pieces (7168x16384 on 8 warps,
# 7168x2048x4 on 1, the lm_head on 2, 4096x14336 on 7 at 4 CTAs an SM), one piece (4096x7168x8 and
# 2048x7168 on 7 warps, 14336x4096 and 4096x4096 on 4, 7168x2048 on 2); the control, its kernel's
# SASS unchanged: 8192x28672 (4 pieces on 7).
SHAPES=7168x16384,4096x7168x8,7168x2048x4,151936x4096,14336x4096,4096x4096,2048x7168,7168x2048,4096x14336,8192x28672
VARIANT_CMD="scripts/ab_shapes.py 20 $SHAPES floors fp4" VARIANT_TAIL=20 VARIANT_ORDER="base quad quad base" \
  timeout 420 bash scripts/device_variants.sh $V > "$OUT/sides.txt" 2>&1
echo "builds and W4A4 sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 4096x4096,14336x4096,4096x7168x8 dyn" VARIANT_TAIL=5 \
  VARIANT_ORDER="base quad quad base" timeout 90 bash scripts/device_variants.sh $V > "$OUT/sides_dyn.txt" 2>&1
VARIANT_REUSE=1 VARIANT_CMD="$PWD/$R/outputs.py" VARIANT_TAIL=30 VARIANT_ORDER="base quad" timeout 120 \
  bash scripts/device_variants.sh $V > "$OUT/outputs.txt" 2>&1
echo "dynamic sides and outputs ${SECONDS}s" >> "$OUT/env.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
for f in sides sides_dyn; do
  awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/$f.txt" | sed 's/ | \[[^]]*\]//' | sort -t'|' -k2,2 -s
done
python3 - "$OUT/outputs.txt" <<'PY'
import re, sys
side, seen = None, {}
for line in open(sys.argv[1]):
    if line.startswith("== "):
        side = line.split()[1]
    elif re.search(r"\| [0-9a-f]{16}$", line.strip()):
        case, digest = " ".join(line.split()[:2]), line.split()[-1]
        if case in seen:
            print(f"{case}: {'same bytes' if seen[case] == digest else 'DIFFERENT ' + seen[case] + ' ' + digest}")
        else:
            seen[case] = digest
PY
cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 533 (BENCHMARKS.md item 327, eighty-second session): the tile sweep's shape at 8 columns on
# the small layers of issue 5's N = 8 / N = 1 (2048x7168 1.30-1.44, 4096x4096 1.23-1.32, 7168x2048
# 1.22-1.24, 4096x14336 1.26-1.28, run 511), forced by NVFP4_GEMV_SWEEP8_SHAPE=P,C (P chunks a
# thread, clusters of C; the rule's shape where no such kernel or fit): the rule's, 2,2 / 2,3 / 2,4
# / 4,2, each in two orders, scripts/ab_shapes.py 20 (unchecked, us, write flush), FP4 x then fp16
# / bf16 x. Why: at one round of single CTAs (2048x7168 FP4 and fp16 x: 4 chunks, 128 CTAs) every
# CTA loads x over all of K (fp16 x at 8 columns: 112 KB a CTA, twice its weights) and nothing
# overlaps its one tile's compute; clusters of 2-4 split x and give each CTA 2-4 rounds. Predicted:
# 2048x7168 fp16 x 12.9 -> ~11.5 on 2,2 or 4,2, FP4 11.6 -> ~11; the others within 0.3 of the rule.
# First, the tile-sweep GPU tests with the shape forced to 2,4 and to 4,2 (correctness of the shapes
# the knob reaches; tests that assert the rule's kernel may fail there: their names are listed).
# Usage (device, from the repo root): bash docs/runs/run533/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run533
source scripts/device_call_setup.sh
for f in 2,4 4,2; do
  (NVFP4_GEMV_SWEEP8_SHAPE=$f timeout 150 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or sweep8" \
     tests/test_gpu_kernel.py 2>&1 | grep -E "passed|failed|^FAILED" | cut -c1-160; echo "tests $f (${SECONDS}s)") >> "$OUT/tests.txt"
done
S=2048x7168,4096x4096,7168x2048,4096x14336
shape_side() {  # P,C|rule ARGS...: ab_side new on S with the shape forced (or the rule's)
  local f=$1; shift
  if [ "$f" = rule ]; then ab_side new $S "$@"; else NVFP4_GEMV_SWEEP8_SHAPE=$f ab_side new $S "$@"; fi
}
for kind in fp4 x16; do
  a=(); [ $kind = fp4 ] && a=(fp4)
  { for f in rule 2,2 2,3 2,4 4,2 4,2 2,4 2,3 2,2 rule; do echo "-- shape $f"; shape_side $f cols=8 "${a[@]}" floors; done
  } > "$OUT/shapes_$kind.txt" 2>&1
done
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
for kind in fp4 x16; do
  sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' \
    "$OUT/shapes_$kind.txt" | grep -v "^==" | cut -c1-100
done

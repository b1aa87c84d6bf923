#!/usr/bin/env bash
# Run 534 (BENCHMARKS.md item 327, eighty-second session): (1) the tile-sweep GPU tests with the
# shape forced by NVFP4_GEMV_SWEEP8_SHAPE (2,4 and 4,2): the outputs of the shapes the knob
# reaches against the reference (the tests' shape assertions stand aside under the knob since
# run 533, where they were all that failed); (2) scripts/ab_shapes.py 20 (unchecked, us) on the
# shapes where the rule takes one round of single CTAs on 4 chunks (66 < tiles <= 132, 4096 < K
# < 8192), the rule's against 2 chunks on clusters of 2 ("2,2"), rule / 2,2 / 2,2 / rule, fp16 (and
# bf16, the rule's either way) and FP4 x at 4 and 8 columns. Run 533: 2048x7168 fp16 x N = 8 12.8-12.9
# against 12.0-12.1 on 2,2 (a single CTA loads x over all K: 112 KB at 8 fp16 columns, twice its
# weights), FP4 x even. Predicted: fp16 N = 8 0.5-1 us faster on 2,2 on all four, N = 4 0-0.5, FP4 even.
# Usage (device, from the repo root): bash docs/runs/run534/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
for f in 2,4 4,2; do
  (NVFP4_GEMV_SWEEP8_SHAPE=$f timeout 120 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or sweep8" \
     tests/test_gpu_kernel.py 2>&1 | grep -E "passed|failed|^FAILED" | cut -c1-160; echo "tests $f (${SECONDS}s)") >> "$OUT/tests.txt"
done
S=2048x5120,2048x7168,1536x7168,1200x6144
shape_side() {  # P,C|rule ARGS...: ab_side new on S with the shape forced (or the rule's)
  local f=$1; shift
  if [ "$f" = rule ]; then ab_side new $S "$@"; else NVFP4_GEMV_SWEEP8_SHAPE=$f ab_side new $S "$@"; fi
}
{ for n in 8 4; do for f in rule 2,2 2,2 rule; do echo "-- shape $f"; shape_side $f cols=$n floors
    shape_side $f cols=$n fp4; done; done; } > "$OUT/shapes.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' \
  "$OUT/shapes.txt" | grep -v "^==" | cut -c1-100

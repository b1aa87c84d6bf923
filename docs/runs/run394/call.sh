#!/usr/bin/env bash
# Run 394 (BENCHMARKS.md item 243): the one-piece one-column W4A16 sweep with bf16 x at L = 1 on
# several groups a CTA (1..4 warps a row) staging x through shared memory, each group converting a
# share of one copy, then every thread loading its words into registers (x_staged.patch), against
# the tree (each thread converting all of its x). Lean, for the session's last device seconds:
# both copies built in parallel (scripts/device_variants.sh), scripts/ab_shapes.py 20 (no floors)
# in the orders base / new / new / base, then the bf16 sweep tests on the new copy.
# Usage (device, from the repo root): bash docs/runs/run394/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run394
VARIANT_CMD="scripts/ab_shapes.py 20 4096x4096,7168x2048,8192x3072,28672x1024,1024x4096" VARIANT_TAIL=8 \
  VARIANT_ORDER="base new new base" \
  bash scripts/device_variants.sh base= new=%$R/x_staged.patch > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/sides.txt"
VARIANT_REUSE=1 VARIANT_TAIL=3 timeout 60 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k w4a16_row_sweep_shapes_match_reference" \
  bash scripts/device_variants.sh new=%$R/x_staged.patch > "$OUT/tests_new.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/tests_new.txt"
grep -v "^built\|arn" "$OUT/sides.txt"; tail -n 3 "$OUT/tests_new.txt"

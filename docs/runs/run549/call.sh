#!/usr/bin/env bash
# Run 549 (eighty-sixth session): item 334, the tile sweep wherever it fits at 2-3 columns (eccdea7),
# against the rule before it (old.patch: src as of 3e81d2f, item 273's sweep8_pays back, run 451 on an H200: the row
# tiles at 2-3 columns on tiled weights past 2^26 bytes up to K = 16384, and at two columns on
# row-major ones below 2^27 bytes or K = 4096, past the two-column row sweep's bounds). Run 547
# (H100) timed the tile sweep forced against that rule on 28672x8192 / 100000x2048 row-major FP4 x
# and tiled 26624x8192 / 100000x2048 / the lm_head; here the committed rule itself, two builds, on
# those and on shapes run 547 left out: tiled 57344x8192, 65536x4096, 36864x8192 at 2 and 3
# columns, row-major FP4 x 26624x8192 (109 MB, where run 451 had the tile sweep 0.3-1.0 us slower),
# 16-bit x 140000x2048 two columns (161 MB, past the two-column row sweep's 2^27 bytes at K < 4096:
# the row tiles before, untimed), and controls whose plan is the same both sides (row-major FP4 x
# 36864x8192, 16-bit x 100000x2048). Before that the tile-sweep GPU tests on the new rule (two new
# cases of tiled 2-3 columns past 2^26 bytes, one of row-major FP4 x at 104 MB) and memcheck on
# its three new plans (docs/runs/run549/memcheck549.py).
# Predicted: tests pass, memcheck 0 errors; tiled 2-3 columns 3-9 us faster past K = 4096 (26624x8192 60 -> 54),
# 100000x2048 within 1.5 either way (bf16 N = 2 up to 1.5 slower), row-major FP4 x 4-7 faster,
# 26624x8192 FP4 0-3 faster, 140000x2048 16-bit x 2-4 faster, controls within 0.3.
# Usage (device, from the repo root): bash docs/runs/run549/call.sh  (OUT: where the output goes;
# AB_ONLY=1: the A/B alone, where a `device_run.sh current` call on the same machine ran the tests)
set -uo pipefail
OLD_PATCH=docs/runs/run549/old.patch
source scripts/device_call_setup.sh
[ -n "${AB_ONLY:-}" ] && echo "tests and memcheck skipped (AB_ONLY)" > "$OUT/tests.txt" ||
{ timeout 240 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'tile_sweep' 2>&1 | tail -n 3
  echo "tests ${SECONDS}s"
  timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 python3 docs/runs/run549/memcheck549.py 2>&1 | tail -n 5
  echo "memcheck exit $? (${SECONDS}s)"; } > "$OUT/tests.txt" 2>&1
cat "$OUT/tests.txt"
T2=26624x8192,57344x8192,65536x4096,36864x8192,100000x2048
T3=57344x8192,65536x4096,36864x8192
R4=28672x8192,100000x2048,26624x8192,36864x8192
R16=140000x2048,100000x2048
side() { echo "-- shape $1"; ab_side "$@"; }
{ for s in old new new old; do
    side $s $T2 cols=2 tiled floors; side $s $T2 cols=2 tiled fp4
    side $s $T3 cols=3 tiled floors; side $s $T3 cols=3 tiled fp4
    side $s $R4 cols=2 fp4; side $s $R16 cols=2 floors
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-140

#!/usr/bin/env bash
# Run 476: runs 471, 472 and 475 folded into one call, for a session whose device came rarely
# (the sixty-eighth: seven tries in 80 minutes got none). Four copies of the tree, built in
# parallel: base (the tree), lane (run 471's lane.patch, BENCHMARKS.md item 285), held (run
# 472's held.patch = lane.patch + item 286) and rows (lane.patch, then run 475's rowscale.patch,
# item 288). scripts/ab_shapes.py 20 (write flush, medians, unchecked):
# (1) W4A4 at one FP4 column: the three task shapes and 4096x4096, orders base / lane / rows,
#     then reversed (held is lane there);
# (2) W4A16 fp16 / bf16 at one column: 7168x16384 and 4096x4096, base / lane / held / rows, then
#     reversed;
# (3) the tile sweep at 8 FP4 columns on tiled weights (held's change and rows' longer loop),
#     7168x16384 and 4096x4096, lane / held / rows, then reversed;
# (4) in the rows copy with rowscale.patch's tests: the per-row kernel test, the binding's error
#     test, NVFP4Linear's per-row test and the plan log test (both written in the sixty-seventh
#     session, never run), memcheck on all of scripts/memcheck_cases.py, and run 473's per_row.py.
# Each stage has its own time limit, so that the call ends inside ~7 minutes (the session's
# device time left was ~630 s when it was cut to this size).
# Usage (device, from the repo root): bash docs/runs/run476/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
LANE=docs/runs/run471/lane.patch
V="base= lane=%$LANE held=%docs/runs/run472/held.patch rows=%$LANE,docs/runs/run475/rowscale.patch"
ab() {  # ab LIMIT_S "ORDER" ARGS...: one ab_shapes.py pass per name in ORDER
  local limit=$1 order=$2; shift 2
  VARIANT_REUSE=1 VARIANT_CMD="scripts/ab_shapes.py 20 $*" VARIANT_TAIL=6 VARIANT_ORDER="$order" \
    timeout "$limit" bash scripts/device_variants.sh $V
}
{
  VARIANT_CMD="-c pass" timeout 200 bash scripts/device_variants.sh $V  # the four builds, in parallel
  echo "== builds done ${SECONDS}s"
  ab 130 "base lane rows rows lane base" 7168x16384,4096x7168x8,7168x2048x4,4096x4096 fp4
  echo "== stage 1 done ${SECONDS}s"
  ab 100 "base lane held rows rows held lane base" 7168x16384,4096x4096
  echo "== stage 2 done ${SECONDS}s"
  ab 45 "lane held rows rows held lane" 7168x16384,4096x4096 fp4 cols=8 tiled
  echo "== stage 3 done ${SECONDS}s"
} > "$OUT/sides.txt" 2>&1
W=/tmp/nvfp4_variants/rows
cp -r tests scripts "$W/" && mkdir -p "$W/docs/runs" && cp -r docs/runs/run473 "$W/docs/runs/" \
  && (cd "$W" && git apply --include='tests/*' --include='scripts/*' "$OLDPWD/docs/runs/run475/rowscale.patch")
(cd "$W" && export NVFP4_GEMV_CACHE_DIR=$W/cache PYTHONPATH=src PYTHONUNBUFFERED=1
 timeout 100 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
   -k "per_row or bad_inputs or plan_log" 2>&1 | grep -E "passed|failed|FAILED|Error" | tail -n 6
 echo "tests ${SECONDS}s"
 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 \
   | grep -E "ERROR SUMMARY" | tail -n 1
 echo "memcheck ${SECONDS}s"
 timeout 60 python3 docs/runs/run473/per_row.py 30 2>&1) > "$OUT/rows.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+x[0-9]+ /{print side" | "$0}' "$OUT/sides.txt" | sort -t'|' -k2,2 -s
grep -E "done|built" "$OUT/sides.txt"; cat "$OUT/rows.txt" "$OUT/env.txt"

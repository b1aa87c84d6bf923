# Sourced by a device call script (docs/runs/runNNN/call.sh) from the repo root, after `set -uo
# pipefail`: creates OUT (default .out), puts this tree's src on PYTHONPATH with its own extension
# cache, writes the GPU to $OUT/env.txt, starts SECONDS and builds the extension (its last line to
# env.txt). The preamble the run folders' call scripts each spelled out, for the ones written from
# run 518 on (the earlier ones stay as they ran).
# With OLD_PATCH=PATH (relative to the repo root) set before sourcing: also an "old" tree, this
# tree's src, scripts and pyproject.toml under /tmp/tree_old with that patch applied (the patch
# takes this tree's change back), built into /tmp/cache_old alongside this tree's build; its
# apply and build lines go to env.txt. side_paths NAME prints the PYTHONPATH and cache of "new",
# "old" or another variant's tree (/tmp/tree_NAME, as runs 536-537 built theirs), for the A/B
# sides; ab_side NAME SHAPES ARGS... times scripts/ab_shapes.py on one (the
# side() that runs 524-526's call scripts each spelled out); shape_side P,C|rule SHAPES ARGS... times
# "new" with the tile sweep's shape forced (NVFP4_GEMV_SWEEP8_SHAPE) or the rule's (the helper runs
# 533-534's call scripts each spelled out); shape16_side P,W|rule likewise for the W4A16 row sweep
# (NVFP4_GEMV_SWEEP16_SHAPE); alt_side rule|alt SWITCH SHAPES ARGS... times the rule's plan or the
# other one (NVFP4_GEMV_SWEEP8=SWITCH), ab_group SWITCH SHAPES ARGS... four such sides in two orders;
# w4a16_tests runs the W4A16 GPU tests on this tree into $OUT/tests.txt; ab_round SHAPES times
# old / new / new / old and then new's floors into $OUT/sides.txt.
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
if [ -n "${OLD_PATCH:-}" ]; then
  _repo=$PWD
  rm -rf /tmp/tree_old && mkdir -p /tmp/tree_old && cp -r src scripts pyproject.toml /tmp/tree_old/ &&
    (cd /tmp/tree_old && git apply "$_repo/$OLD_PATCH" > /tmp/apply_old.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_old python3 -m nvfp4_gemv build > /tmp/build_old.log 2>&1) &
fi
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 >> "$OUT/env.txt"
if [ -n "${OLD_PATCH:-}" ]; then
  wait
  { echo "old tree (${OLD_PATCH}):"; cat /tmp/apply_old.log; tail -n 1 /tmp/build_old.log; echo "builds ${SECONDS}s"; } >> "$OUT/env.txt"
fi
side_paths() {  # new|NAME: "PYTHONPATH CACHE_DIR" of that side: this tree, or a variant's copy in
  # /tmp/tree_NAME built into /tmp/cache_NAME ("old" from OLD_PATCH; others as a call script builds them)
  if [ "$1" = new ]; then echo "$PWD/src $NVFP4_GEMV_CACHE_DIR"; else echo "/tmp/tree_$1/src /tmp/cache_$1"; fi
}
ab_side() {  # new|NAME SHAPES ARGS...: scripts/ab_shapes.py 20 on that side (ARGS its options), no warnings
  local paths
  paths=($(side_paths "$1"))
  echo "== $1 ${*:3} (${SECONDS}s)"
  PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 60 python3 scripts/ab_shapes.py 20 "$2" "${@:3}" 2>&1 |
    grep -v -i warn
}
shape_side() {  # P,C|rule SHAPES ARGS...: ab_side new with the tile sweep's shape forced, or the rule's
  local f=$1; shift
  if [ "$f" = rule ]; then ab_side new "$@"; else NVFP4_GEMV_SWEEP8_SHAPE=$f ab_side new "$@"; fi
}
shape16_side() {  # P,W|rule SHAPES ARGS...: ab_side new with the W4A16 row sweep's shape forced
  # (NVFP4_GEMV_SWEEP16_SHAPE), or the rule's; a "-- shape" line first, for run536/table.py
  local f=$1; shift
  echo "-- shape $f"
  if [ "$f" = rule ]; then ab_side new "$@"; else NVFP4_GEMV_SWEEP16_SHAPE=$f ab_side new "$@"; fi
}
alt_side() {  # rule|alt SWITCH SHAPES ARGS...: ab_side new, for "alt" with NVFP4_GEMV_SWEEP8=SWITCH
  # (0: the row tiles where the rule takes the tile sweep, 1: the tile sweep where it takes the row
  # tiles); a "-- shape" line first, for run536/table.py (the helper run 559's call script spelled out)
  local s=$1 switch=$2; shift 2
  echo "-- shape $s"
  if [ "$s" = alt ]; then NVFP4_GEMV_SWEEP8=$switch ab_side new "$@"; else ab_side new "$@"; fi
}
w4a16_tests() {  # the W4A16 GPU tests on this tree (-k "w4a16 or sweep16 or bf16"), their summary
  # and failures to $OUT/tests.txt (the block runs 579-580 and 583's call scripts spelled out)
  (timeout 120 python3 -m pytest -q -p no:cacheprovider -k "w4a16 or sweep16 or bf16" \
     tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
   echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
}
ab_round() {  # SHAPES: ab_side old / new / new / old on SHAPES, then new with the floors, into
  # $OUT/sides.txt (the block runs 578-584's call scripts each spelled out)
  { for v in old new new old; do ab_side $v "$1"; done; ab_side new "$1" floors; } > "$OUT/sides.txt" 2>&1
}
ab_group() {  # SWITCH SHAPES ARGS...: alt_side rule / alt / alt / rule, floors (fp16 / bf16) then fp4
  local switch=$1 shapes=$2; shift 2
  for s in rule alt alt rule; do alt_side $s $switch $shapes "$@" floors; alt_side $s $switch $shapes "$@" fp4; done
}

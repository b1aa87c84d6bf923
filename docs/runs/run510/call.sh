#!/usr/bin/env bash
# Run 510 (BENCHMARKS.md item 312, seventy-eighth session): sweep8_choice takes 2 chunks a thread
# (register-staged) over 4 (the copies) wherever 4 would take several tiles a cluster, on this tree
# ("rule"): the tile-sweep GPU tests; then side by side, scripts/ab_shapes.py 20, against "base"
# (rule.patch reversed: main before it) on the shapes it changes and 2048x7168 (unchanged, one
# round), FP4 x at N = 8 in two orders and N = 4, fp16 / bf16 x at N = 8; and on the tiled format
# "base" against "all" (the rule for tiled weights too, whose copies take 2 chunks then), FP4 and
# fp16 / bf16 x at N = 8; and a diagnostic, "bf16reg" (bf16 x register-staged too, which run 507
# found slower over several tiles a cluster with a loop 4 FMUL longer than fp16's), bf16 x at N = 8
# in two orders against "rule". At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run510/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run510
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
variant() {  # NAME EDIT: a copy of the tree in /tmp/tree_NAME with EDIT run in it, built
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src tests scripts docs pyproject.toml /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && eval "$2" > /tmp/apply_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build > /tmp/build_$1.log 2>&1)
}
LR=src/nvfp4_gemv/csrc/launch_rule.cuh
RULE='sweep8_register_staged(p.act, 2, 1, p.sfa.layout == kScaleTiled) \&\& four.rounds > 1'
variant base "git apply -R $PWD/$R/rule.patch && ! grep -q 'four.rounds > 1' $LR" &
variant all "sed -i 's/$RULE/p.act != kActBF16 \&\& four.rounds > 1/' $LR && grep -c 'p.act != kActBF16 && four.rounds' $LR" &
TS=src/nvfp4_gemv/csrc/tile_sweep.cuh
variant bf16reg "sed -i 's/return act != kActBF16 \&\& pieces == 2/return pieces == 2/' $TS && grep -c 'return pieces == 2 && col_blocks' $TS" &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_rule python3 -m nvfp4_gemv build > /tmp/build_rule.log 2>&1 || { tail -20 /tmp/build_rule.log; exit 1; }
wait
{ echo "builds ${SECONDS}s"; for v in base all bf16reg; do echo "-- $v"; cat /tmp/apply_$v.log; tail -n 1 /tmp/build_$v.log; done; } >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_rule timeout 200 python3 -m pytest -q -p no:cacheprovider \
   -k "tile_sweep or tiled_sweep" tests/test_gpu_kernel.py 2>&1 | tail -n 4; echo "rule tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=4096x14336,2048x16384,3000x16384,8192x14336,8192x28672,14336x5120,8000x6144,3000x18944,2048x7168
side() {  # NAME ARGS...
  local src=/tmp/tree_$1/src
  [ "$1" = rule ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ side rule cols=8 fp4 floors; side base cols=8 fp4 floors; side base cols=8 fp4; side rule cols=8 fp4
  side rule cols=8; side base cols=8
  side rule cols=4 fp4; side base cols=4 fp4
  side base cols=8 fp4 tiled; side all cols=8 fp4 tiled; side base cols=8 tiled; side all cols=8 tiled
  side bf16reg cols=8; side rule cols=8; side bf16reg cols=8; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

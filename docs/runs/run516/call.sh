#!/usr/bin/env bash
# Run 516 (BENCHMARKS.md item 318): does item 316's loop order move item 312's trade-off? "two":
# this tree with sweep8_choice taking 2 chunks a thread (through registers) wherever it takes 4
# (the copies), against this tree ("main"), on the shapes that take 4 chunks at N = 8 on the H100 /
# H200 (single CTAs: 2048x7168, 14336x5120, 8000x6144, 4096x6144, 18432x7168; one round of
# clusters of 2: 1024x14336): scripts/ab_shapes.py 20, FP4 x with kernels and floors main / two /
# two / main, fp16 (and bf16, unchanged: a control) x main / two, the tiled format's FP4 x main /
# two. No tests (a diagnostic; the pinned shapes would fail on "two"). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run516/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
LR=src/nvfp4_gemv/csrc/launch_rule.cuh
rm -rf /tmp/tree_two && mkdir -p /tmp/tree_two && cp -r src scripts pyproject.toml /tmp/tree_two/ &&
  (cd /tmp/tree_two &&
   sed -i 's/return 10 \* sweep8_work(four) <= 9 \* sweep8_work(two) ? four : two;/return two;  \/\/ DIAG two/' $LR &&
   grep -c DIAG $LR > /tmp/apply_two.log &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_two python3 -m nvfp4_gemv build > /tmp/build_two.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_main python3 -m nvfp4_gemv build > /tmp/build_main.log 2>&1 ||
  { tail -20 /tmp/build_main.log; exit 1; }
wait
{ echo "builds ${SECONDS}s, DIAG lines: $(cat /tmp/apply_two.log)"; tail -n 1 /tmp/build_two.log; } >> "$OUT/env.txt"
SHAPES=2048x7168,14336x5120,8000x6144,4096x6144,18432x7168,1024x14336
side() {  # NAME ARGS...
  local src=/tmp/tree_$1/src
  [ "$1" = main ] && src=$PWD/src
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in main two two main; do side $v cols=8 fp4 floors; done
  for v in main two; do side $v cols=8; done
  for v in main two; do side $v cols=8 fp4 tiled; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-100

#!/usr/bin/env bash
# Prepared in the forty-fifth session (BENCHMARKS.md item 228's next step); run in the forty-sixth
# as the second half of docs/runs/run360/call.sh (item 229: bf16 unchanged, the mode is not it).
# The W4A16 sweeps' 2-piece hot loops compile in two modes (sm_90a, nvcc 13.0): 675-686 SASS
# with 5-11 IMAD.MOV (126-129 registers) or 688-705 with 17-20 (the bf16 instances on 2, 4 and 8
# warps: 107 registers, their loads' addresses moved into place under predicates and issued later),
# by instance: fp16 bad on 1, 5, 6, 7 warps, bf16 on 2, 4, 7, 8. docs/runs/next_fmul.patch converts
# bf16 x in sweep16_kernel's prologue with f16_group_pair_k's FMUL path (bitwise the same fp16 as
# bf16_group_pair_k's HMUL2.BF16; the tile sweep and every fp16 kernel unchanged) and moves bf16 on
# 2 and 8 warps to the good mode (680 / 5), 1 warp to the bad one (706 / 20), 5 and 6 to 680 / 10
# (scripts/sass_compare.py). Not keepable as it is: ptxas spills 8 bytes in the bf16 kernels of one
# warp and of 14 (tests/test_compile_targets.py's no-spill test fails on it); a kept form would take
# the FMUL path only where it pays and does not spill. Whether the mode is what
# costs bf16 its 0.6-1.5 us over fp16 on 7168x16384 and 18432x7168 is what this measures: the tree
# and the patched copy built side by side, the patched copy's bf16 kernel tests, then
# docs/runs/next_fmul.py 20 in the orders tree / fmul / fmul / tree (NVFP4_GEMV_PRESCALE=0).
# Predicted: bf16 7168x16384 0.5-1 us faster, the lm_head's bf16 sweep 1-2.5 faster (the
# pre-kernel's rule would then move), 100000x2048 (2 x 1, now bad) up to 1 slower; fp16 unchanged.
# Usage (device, from the repo root): bash docs/runs/next_fmul.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 NVFP4_GEMV_PRESCALE=0
SECONDS=0
rm -rf /tmp/tree_fmul && mkdir -p /tmp/tree_fmul && cp -r src tests docs /tmp/tree_fmul/ &&
  (cd /tmp/tree_fmul && patch -p1 < docs/runs/next_fmul.patch > /tmp/apply_fmul.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_fmul python3 -m nvfp4_gemv build > /tmp/build_fmul.log 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
(cd /tmp/tree_fmul && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_fmul NVFP4_GEMV_PRESCALE= timeout 150 \
  python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py -k "bf16 or w4a16 or sweep16 or prescale" 2>&1 | tail -n 5) > "$OUT/tests_fmul.txt"
side() {
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/tree_fmul/src; cache=/tmp/cache_fmul; }
  echo "== $1"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 120 python3 docs/runs/next_fmul.py 20 2>&1 | grep -v -i warn
}
{ side tree; side fmul; side fmul; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 2 "$OUT/tests_fmul.txt"; cat "$OUT/sides.txt"; tail -n 2 "$OUT/env.txt"

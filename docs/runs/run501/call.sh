#!/usr/bin/env bash
# Run 501 (BENCHMARKS.md item 306): where the tile sweep's copy side loses to the stream floor.
# Run 500 timed it alone ("nocompute": no decode or mma) at 1.06-1.24x the floor. Builds of main's
# tree with sed edits, side by side: "nohint" (cp.async without the L2::256B prefetch hint),
# "nocompute" (run 500's), "nocompute_nobar" (that, without the barrier a tile: each thread waits
# for its own copies only, so no tile waits for the CTA's slowest copy) and "nocompute_nohint".
# ab.py 20 (FP4 x, N = 8) in the orders base / nohint / nocompute / nocompute_nobar /
# nocompute_nohint / nohint / base. Timings only, unchecked (the diagnostics' outputs are wrong on
# purpose; nohint changes no result). At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run501/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run501
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
variant() {  # NAME EDIT: a copy of the tree in /tmp/tree_NAME with EDIT run in it, built
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src tests scripts docs /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && eval "$2" > /tmp/apply_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build > /tmp/build_$1.log 2>&1)
}
TS=src/nvfp4_gemv/csrc/tile_sweep.cuh SC=src/nvfp4_gemv/csrc/smem_copy.cuh
NOCOMPUTE="sed -i 's/^      uint4 wa, wb;\$/      break;  \/\/ DIAG nocompute\n      uint4 wa, wb;/' $TS"
NOBAR="sed -i -e 's/^    __syncthreads();  \/\/ tile i landed.*\$/    \/\/ DIAG nobar/' -e 's/^    if (RB == 1) __syncthreads();\$/    \/\/ DIAG nobar/' $TS"
NOHINT="sed -i 's/cp.async.cg.shared.global.L2::256B /cp.async.cg.shared.global \/* DIAG nohint *\/ /' $SC"
variant nohint "$NOHINT && grep -c DIAG $SC" &
variant nocompute "$NOCOMPUTE && grep -c DIAG $TS" &
variant nocompute_nobar "$NOCOMPUTE && $NOBAR && grep -c DIAG $TS" &
variant nocompute_nohint "$NOCOMPUTE && $NOHINT && grep -c DIAG $TS $SC" &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_base python3 -m nvfp4_gemv build > /tmp/build_base.log 2>&1 || { tail -20 /tmp/build_base.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
for v in nohint nocompute nocompute_nobar nocompute_nohint; do echo "-- $v"; cat /tmp/apply_$v.log; tail -n 1 /tmp/build_$v.log; done >> "$OUT/env.txt"
side() {
  local src=/tmp/tree_$1/src
  [ "$1" = base ] && src=$PWD/src
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 40 python3 $R/ab.py 20 2>&1 | grep -v -i warn
}
{ for v in base nohint nocompute nocompute_nobar nocompute_nohint nohint base; do side $v; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"; cat "$OUT/sides.txt" | sed 's/\[.sweep8_kernel<0, \(.\), 1, false>.\]/p\1/' | cut -c1-90

#!/usr/bin/env bash
# Run 500 (BENCHMARKS.md item 305): the tile sweep waited for a piece at a time (pieces.patch: each
# tile's copies committed as kPieces groups, the warps start on a tile when its first piece lands),
# against the base (the patch reversed: main's kernels), "ends" (ends.patch over the tree: only the
# first and last tile of a CTA by piece) and two diagnostics of the base tile sweep, "nocompute" (no
# decode or mma: the copies, barriers, sums and x alone) and "nocopy" (the weights' copies
# zero-filled, no global read: the compute alone). Five builds side by side; the tile sweep's
# reference tests on the tree; ab.py 20 in the orders base / pieces / ends / nocompute / nocopy /
# ends / pieces / base; racecheck on sanitize.py. At most 8 files under OUT.
# Usage (device, from the repo root): bash docs/runs/run500/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
R=docs/runs/run500
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
variant() {  # NAME EDIT: a copy of the tree in /tmp/tree_NAME with EDIT run in it, built
  rm -rf /tmp/tree_$1 && mkdir -p /tmp/tree_$1 && cp -r src tests scripts docs /tmp/tree_$1/ &&
    (cd /tmp/tree_$1 && eval "$2" > /tmp/apply_$1.log 2>&1 &&
     PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 python3 -m nvfp4_gemv build > /tmp/build_$1.log 2>&1)
}
TS=src/nvfp4_gemv/csrc/tile_sweep.cuh
variant base "patch -R -p1 < $R/pieces.patch" &
variant ends "patch -p1 < $R/ends.patch" &
variant nocompute "patch -R -p1 < $R/pieces.patch && sed -i 's/^      uint4 wa, wb;\$/      break;  \/\/ DIAG nocompute\n      uint4 wa, wb;/' $TS && grep -c DIAG $TS" &
variant nocopy "patch -R -p1 < $R/pieces.patch && sed -i 's/cp_async16(a_dst + st + 512 \* jj, ok ? a_row + 512 \* jj : p.a, ok ? 16 : 0);/cp_async16(a_dst + st + 512 * jj, p.a, 0);  \/\/ DIAG nocopy/' $TS && grep -c DIAG $TS" &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_pieces python3 -m nvfp4_gemv build > /tmp/build_pieces.log 2>&1 || { tail -20 /tmp/build_pieces.log; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
for v in base ends nocompute nocopy; do echo "-- $v"; cat /tmp/apply_$v.log; tail -n 1 /tmp/build_$v.log; done >> "$OUT/env.txt"
(PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_pieces timeout 120 python3 -m pytest -q -p no:cacheprovider \
   -k "test_tile_sweep_matches_reference" tests/test_gpu_kernel.py 2>&1 | tail -n 6
 echo "(${SECONDS}s)") > "$OUT/tests.txt"
side() {
  local src=/tmp/tree_$1/src
  [ "$1" = pieces ] && src=$PWD/src
  echo "== $1 (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$1 timeout 60 python3 $R/ab.py 20 2>&1 | grep -v -i warn
}
{ for v in base pieces ends nocompute nocopy ends pieces base; do side $v; done; } > "$OUT/sides.txt" 2>&1
{ echo "== racecheck (${SECONDS}s)"
  PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/cache_pieces timeout 60 compute-sanitizer --tool racecheck \
    --error-exitcode 9 python3 $R/sanitize.py 2>&1 | tail -n 6
  echo "racecheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } > "$OUT/sanitize.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"; cat "$OUT/tests.txt"; cat "$OUT/sanitize.txt"; grep -E "^==|fp4" "$OUT/sides.txt" | grep -v "N=4" | cut -c1-110

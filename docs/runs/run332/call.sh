#!/usr/bin/env bash
# Run 332 (BENCHMARKS.md item 212): more bytes in flight without more registers a thread: one
# piece a thread on 14 / 16 warps a row (K needing 448 / 512 pieces), one group a CTA, 2 CTAs per
# SM (32 / 28 warps, 64 / 72 registers, no spills), 4 rows in flight a thread: 74 KB an SM against
# the 2 x 8 kernel's 55 (.variants/o16, NVFP4_O16=1; the launcher takes it for 7168x16384 and
# 4096x14336). Hot loop 308 SASS per 4 rows (77 per 32 values against 70). Checked first
# (check_o16.py), then time_shapes.py tree / o16 / xfirst / xfirst / o16 / tree. Predicted:
# 7168x16384 and 4096x14336 0.3-1 us faster, every other shape even (same kernels).
# Also "xfirst" (.variants/xfirst, item 213): an FP4 x's raw pieces loaded before the first weight
# loads (run 330: x lands ~2 us after row 0's words, queued behind the first window's DRAM reads;
# nox was 0.3-0.6 us faster on 2048x7168, even elsewhere). Checked by the same script (its shapes
# run the sweep). Predicted: 2048x7168 0.2-0.5 us faster, the rest even.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in o16 xfirst; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
NVFP4_O16=1 PYTHONPATH=/tmp/src_o16 NVFP4_GEMV_CACHE_DIR=/tmp/cache_o16 timeout 120 python3 docs/runs/run332/check_o16.py > "$OUT/check.txt" 2>&1
echo "check o16 exit $? ${SECONDS}s" | tee -a "$OUT/check.txt"
PYTHONPATH=/tmp/src_xfirst NVFP4_GEMV_CACHE_DIR=/tmp/cache_xfirst timeout 120 python3 docs/runs/run332/check_o16.py > "$OUT/check_xfirst.txt" 2>&1
echo "check xfirst exit $? ${SECONDS}s" | tee -a "$OUT/check_xfirst.txt"
side() {  # LABEL: time_shapes.py on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1"; NVFP4_O16=1 PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/time_shapes.py 20 2>&1 | grep -v -i warn
}
{ side tree; side o16; side xfirst; side xfirst; side o16; side tree; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -7 "$OUT/check.txt"; tail -7 "$OUT/check_xfirst.txt"; cat "$OUT/sides.txt"; tail -2 "$OUT/env.txt"

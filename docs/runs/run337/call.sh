#!/usr/bin/env bash
# Run 337 (BENCHMARKS.md item 216): the W4A4 row sweep's last rows shared out among a CTA's warps
# (.variants/dtail2, dtail4: the last 2 / 4 rows of each CTA as (row, slice) units taken from a
# shared counter; x for any slice from a shared-memory stash; one group a CTA of 2 pieces, 7-8
# warps a row, L = 1). Checked first (check_dtail.py: reference, run to run, and bitwise equal to
# the tree's outputs), then time_shapes.py 20 in the orders tree / dtail2 / dtail4 / dtail4 /
# dtail2 / tree. Predicted: 7168x16384 0.3-0.7 us faster, 4096x14336 0.2-0.5, the rest even.
# Also dtail16 (.variants/dtail16): the W4A16 sweep's last 2 row pairs a CTA shared out the same
# way (7-8 warps a row, 2 pieces, one column, L = 1; x's converted pieces from a shared stash);
# checked by the same script, timed by time_shapes.py 20 fp16 bf16, tree / dtail16 / dtail16 /
# tree. Predicted: 7168x16384 and 4096x14336 0.3-0.8 us faster (fp16 and bf16), the rest even.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in dtail2 dtail4 dtail16; do
  rm -rf /tmp/src_$v && cp -r src /tmp/src_$v && cp .variants/$v/gemv_kernels.cu /tmp/src_$v/nvfp4_gemv/csrc/
  (PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v python3 -m nvfp4_gemv build > "$LOGS/build_$v.log" 2>&1) &
done
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
echo "builds ${SECONDS}s" >> "$OUT/env.txt"
C=docs/runs/run337/check_dtail.py
PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 120 python3 $C save /tmp/tree_outs.pt > "$OUT/check_tree.txt" 2>&1
echo "check tree exit $? ${SECONDS}s" | tee -a "$OUT/check_tree.txt"
for v in dtail2 dtail4 dtail16; do
  PYTHONPATH=/tmp/src_$v NVFP4_GEMV_CACHE_DIR=/tmp/cache_$v timeout 120 python3 $C compare /tmp/tree_outs.pt > "$OUT/check_$v.txt" 2>&1
  echo "check $v exit $? ${SECONDS}s" | tee -a "$OUT/check_$v.txt"
done
side() {  # LABEL [ARGS]: time_shapes.py 20 ARGS on that build
  local src=$PWD/src cache=/tmp/nvfp4_gemv_cache
  [ "$1" = tree ] || { src=/tmp/src_$1; cache=/tmp/cache_$1; }
  echo "== $1 ${2:-}"; PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 90 python3 scripts/time_shapes.py 20 ${2:-} 2>&1 | grep -v -i warn
}
{ side tree; side dtail2; side dtail4; side dtail4; side dtail2; side tree; } > "$OUT/sides.txt" 2>&1
A="fp16 bf16"
{ side tree "$A"; side dtail16 "$A"; side dtail16 "$A"; side tree "$A"; } > "$OUT/sides16.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT"/check_*.txt; cat "$OUT/sides.txt" "$OUT/sides16.txt"; tail -n 2 "$OUT/env.txt"

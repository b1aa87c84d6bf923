#!/usr/bin/env bash
# Run 524 (BENCHMARKS.md item 323, prepared in the eightieth session on branch scale-words): the
# register-staged tile sweep reads row-major scale rows as four 4-byte words a lane (not one
# 16-byte load), so contiguous scale rows of K % 256 != 0 with K % 64 == 0 (K / 16 bytes a row, as
# checkpoints hold them) take it at 3..16 columns (bf16 x at 9..16 stays on the row tiles: the
# copies); 4 chunks (copies) are not chosen there. "new": this tree; "old": before.patch takes it
# back (main). First the tile-sweep, tiled-sweep and contiguous-rows GPU tests and the
# NVFP4Linear / feature suite; then scripts/ab_shapes.py 20: aligned shapes (16-byte rows: the
# 4-byte words instead of one 16-byte load), FP4 x N = 8 old / new / new / old and N = 16 fp16 /
# bf16 old / new; the K = 2880, 1152, 896 layers on contiguous rows, old (row tiles) / new, N = 8
# FP4 and fp16 / bf16, N = 16 fp16 / bf16; and new on padded rows (16-byte stride) beside them.
# Predicted: aligned within 0.2 us; contiguous K = 2880 at N = 8 1.3-1.4x faster (run 521's padded
# against contiguous), bf16 at N = 16 unchanged; new contiguous within 0.2 of new padded.
# Usage (device, from the repo root): bash docs/runs/run524/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run524
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
(timeout 240 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or scale_rows or linear" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 6; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
ALIGNED=14336x4096,7168x16384,4096x4096,2048x7168,4096x14336
ODD=5120x2880,2880x2880,6912x1152,4864x896
side() {  # old|new SHAPES ARGS...
  local paths
  paths=($(side_paths "$1"))
  echo "== $1 ${*:3} (${SECONDS}s)"
  PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 60 python3 scripts/ab_shapes.py 20 "$2" "${@:3}" 2>&1 |
    grep -v -i warn
}
{ for v in old new new old; do side $v $ALIGNED cols=8 fp4 floors; done
  for v in old new; do side $v $ALIGNED cols=16; done
  for v in old new new old; do side $v $ODD cols=8 fp4 floors; done
  for v in old new; do side $v $ODD cols=8; side $v $ODD cols=16; done
  side new $ODD cols=8 fp4 padded
  side new $ODD cols=8 padded; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-120

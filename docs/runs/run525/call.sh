#!/usr/bin/env bash
# Run 525 (BENCHMARKS.md item 323, its final form): the tile sweep's kernels for scale rows on 4
# bytes (kScaleWords) are kernels of their own, so the ones for 16-byte rows are main's (sm_90a SASS
# identical), and bf16 x at 9..16 columns has one too (one chunk, register-staged: 2 chunks would
# spill). "new": this tree; "old": before.patch takes it back (main, ebcb179). First the
# tile-sweep, tiled-sweep and scale-row GPU tests and the NVFP4Linear / feature suite on the final
# form; then scripts/ab_shapes.py 20 (unchecked, us): the K = 2880, 1152, 896 layers on contiguous
# scale rows at N = 16 and 12 (fp16 / bf16 x), old / new / new / old; new on padded rows (bf16 x
# there on the copies) beside them; and the aligned shapes at N = 16, old / new once (SASS
# identical: within noise). Predicted: bf16 x at N = 16 on contiguous rows 1.4-1.5x faster (5120x2880
# 21.2 -> ~14.5; run 524: row tiles), within 0.5 us of padded rows on the copies; fp16 as run 524's
# new (5120x2880 N = 16 13.3); aligned even. Also memcheck on the new kernels (memcheck_words.py).
# Usage (device, from the repo root): bash docs/runs/run525/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run525
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
(timeout 240 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or scale_rows or linear" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
{ timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 python3 $R/memcheck_words.py 2>&1 | tail -n 7
  echo "memcheck exit ${PIPESTATUS[0]} (${SECONDS}s)"; } >> "$OUT/tests.txt"
ALIGNED=14336x4096,7168x16384,4096x4096,2048x7168,4096x14336
ODD=5120x2880,2880x2880,6912x1152,4864x896
side() {  # old|new SHAPES ARGS...
  local paths
  paths=($(side_paths "$1"))
  echo "== $1 ${*:3} (${SECONDS}s)"
  PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 60 python3 scripts/ab_shapes.py 20 "$2" "${@:3}" 2>&1 |
    grep -v -i warn
}
{ for v in old new new old; do side $v $ODD cols=16; side $v $ODD cols=12; done
  side new $ODD cols=16 padded
  side new $ODD cols=12 padded
  for v in old new; do side $v $ALIGNED cols=16; done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt" | cut -c1-120

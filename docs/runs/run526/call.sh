#!/usr/bin/env bash
# Run 526 (BENCHMARKS.md item 323, the rule's last part): on scale rows padded to 16 bytes where K %
# 256 != 0 (NVFP4Linear's), the register-staged tile-sweep shapes take the 4-byte-word kernels
# (sweep8_scale_words) in place of those whose 16-bit loads of the row's partial last piece waited
# early. Host rule only: the kernels are run 525's, SASS unchanged. "new": this tree; "old":
# before.patch takes it back (run 525's tree, 8f57482 + the memcheck cases). First the tile-sweep, padded
# and NVFP4Linear / feature GPU tests; then scripts/ab_shapes.py 20 on padded rows (unchecked, us),
# old / new / new / old: FP4 x N = 8, fp16 / bf16 x N = 8 and 16; FP4 N = 4 one order; then
# NVFP4Linear forward (linear_rows.py: row-major, 1 / 4 / 8 / 16 rows, bf16 and fp16 x) old / new
# / new / old. Predicted (run 525's padded against contiguous): fp16 x N = 16 1.0-1.7 us faster
# (5120x2880 14.4 -> 13.3, 6912x1152 11.8 -> 10.1), FP4 x N = 8 0.1-0.4, bf16 x N = 16 even (the
# copies either way), one row even; 4096x4384 (4 chunks at N = 8 FP4?) even where 4 chunks run.
# Usage (device, from the repo root): bash docs/runs/run526/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run526
OLD_PATCH=$R/before.patch source scripts/device_call_setup.sh
(timeout 240 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep or scale_rows or linear or padded" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
PADDED=5120x2880,2880x2880,5760x2880,6912x1152,4864x896,4096x4384
side() {  # old|new SHAPES ARGS...
  local paths
  paths=($(side_paths "$1"))
  echo "== $1 ${*:3} (${SECONDS}s)"
  PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 60 python3 scripts/ab_shapes.py 20 "$2" "${@:3}" 2>&1 |
    grep -v -i warn
}
{ for v in old new new old; do side $v $PADDED cols=8 fp4 padded floors; side $v $PADDED cols=8 padded
    side $v $PADDED cols=16 padded; done
  for v in old new; do side $v $PADDED cols=4 fp4 padded; done
  for v in old new new old; do
    paths=($(side_paths $v))
    echo "== linear $v (${SECONDS}s)"
    PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 90 python3 $R/linear_rows.py 20 2>&1 | grep -v -i warn
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"
sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/' "$OUT/sides.txt" | cut -c1-110

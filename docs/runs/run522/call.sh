#!/usr/bin/env bash
# Run 522 (BENCHMARKS.md item 321): NVFP4Linear keeps row-major block scales on rows padded to 16
# bytes (linear.py padded_scale_rows), so layers with in_features % 256 != 0 take the tile sweep at
# 3..16 rows (run 521: padded scale rows 1.3-1.45x faster there, one row even). "new": the tree
# that adds this folder; "old": before.patch takes it back. First the GPU tests of NVFP4Linear
# (tests/test_gpu_features.py, its new padded case among them) and the tile sweep's padded-scale
# test; then linear_rows.py 20 on old / new / new / old. Predicted: 4, 8 and 16 rows 1.3-1.4x
# faster on the K = 2880 and 1152 layers (4864x896 at 8 rows within 1 us), one row even.
# Usage (device, from the repo root): bash docs/runs/run522/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run522 REPO=$PWD
rm -rf /tmp/tree_old && mkdir -p /tmp/tree_old && cp -r src scripts pyproject.toml /tmp/tree_old/ &&
  (cd /tmp/tree_old && git apply $REPO/$R/before.patch > /tmp/apply_old.log 2>&1) &
source scripts/device_call_setup.sh
wait
{ cat /tmp/apply_old.log; echo "old tree ready ${SECONDS}s (the same kernels: one build)"; } >> "$OUT/env.txt"
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_features.py \
   "tests/test_gpu_kernel.py::test_tile_sweep_padded_scale_rows_end_mid_word" 2>&1 | tail -n 6
 echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
{ for v in old new new old; do
    src=/tmp/tree_old/src
    [ $v = new ] && src=$PWD/src
    echo "== $v (${SECONDS}s)"
    PYTHONPATH=$src timeout 90 python3 $R/linear_rows.py 20 2>&1 | grep -v -i warn
  done; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/sides.txt"

#!/usr/bin/env bash
# Run 576 (ninety-fourth session), item 341 continued. Run 575 (H100): the W4A4 row sweep ran
# 0.3-0.6 us faster when the same kernel had just run on tiny operands (its code warm) than after a
# read of as many bytes, where the floor and the W4A16 sweep gained nothing; the shared-memory split
# costs nothing. The W4A4 sweep's checked steps (a loop of their own, item 250) and its epilogue run
# only at the end, from code no warp has fetched yet. "new" (this tree, v1.patch): one loop with
# both bodies, the first step checked too, so the checked body's code is fetched at the start
# while the warps wait on their first window. "old": before.patch takes it back (main's kernels).
# (1) GPU tests of the row sweeps, the epilogues, the random shapes and the dynamic path on new;
# (2) scripts/warm_probe.py (none / read / same) old / new / new / old on the W4A4 sweep's shapes.
# Predicted (written before the run): (1) all pass; (2) new's "none" 0.2-0.4 us under old's on the
# task rows and layers, and its "same - read" gap (old: 0.3-0.6) down by as much; "same" even.
# Usage (device, from the repo root): bash docs/runs/run576/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run576/before.patch
source scripts/device_call_setup.sh
(timeout 150 python3 -m pytest -q -p no:cacheprovider -k "row_sweep or epilogue or random or dynamic" \
   tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | grep -E "passed|failed|^FAILED|Error" | cut -c1-200
 echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
CASES=7168x16384:792x16384,4096x7168x8:64x7168x8,7168x2048x4:792x2048x4,4096x4096:396x4096,14336x4096:792x4096
CASES=$CASES,4096x14336:396x14336,2048x7168:396x7168,7168x2048:396x2048,8192x28672:528x28672
for v in old new new old; do
  paths=($(side_paths $v))
  echo "== $v (${SECONDS}s)"
  PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 100 python3 scripts/warm_probe.py 20 $CASES nofloor 2>&1 |
    grep -v -i warn
done > "$OUT/warm.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt" "$OUT/warm.txt"

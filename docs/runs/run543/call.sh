#!/usr/bin/env bash
# Run 543 (prepared in the eighty-fourth session, run in the eighty-fifth: out/, BENCHMARKS.md): the tree with items 329-330 on
# whatever GPU comes (an H200 would also be the "Current" refresh owed since run 483). (1) `bash
# scripts/device_run.sh current`: build, the kernel, feature and NVFP4Linear GPU tests (item 330's
# shape assertions as taken: checked against plan_rules on the CPU, not yet on a GPU), memcheck on
# scripts/memcheck_cases.py, the three "Current" benches; (2) issue 5's N = 8 against N = 1 on the
# six model layers, both in one call (run 541's order 1, 8, 8, 1; under columns/). Predicted: every
# test passes, memcheck 0 errors; the task rows as run 527's (H100: 1.05 / 1.06 / 1.12x) or run
# 483's (H200: 1.09 / 1.11 / 1.12x) within 0.2 us (no N = 1 kernel changed); N = 8 / N = 1 under
# 1.3 on every layer and x, fp16 x at 2048x7168 ~1.21 (2 chunks since item 330: 11.6-11.7 against
# 9.6-9.7 on run 541's H100).
# Usage (device, from the repo root): bash docs/runs/run543/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -n 40
mkdir -p "$OUT/columns"
OUT=$OUT/columns bash -c '
  source scripts/device_call_setup.sh
  S=2048x7168,4096x14336,7168x16384,4096x4096,14336x4096,7168x2048
  { for n in 1 8 8 1; do ab_side new $S cols=$n floors; ab_side new $S cols=$n fp4; done; } > "$OUT/columns.txt" 2>&1
  echo "all done ${SECONDS}s" >> "$OUT/env.txt"
  sed "s/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\), \(false\|true\)>.\]/ k\1p\2b\3\5/" \
    "$OUT/columns.txt" | grep -v "^==" | cut -c1-110'

#!/usr/bin/env bash
# Run 529 (BENCHMARKS.md item 324): NVFP4Linear's "auto" layout row-major past in_features = 16384
# whatever in_features % 256: the new GPU test (29568 and 16416 in, 1 / 2 / 8 / 16 rows against
# float64) and the rest of the NVFP4Linear GPU tests (tests/test_gpu_features.py -k linear,
# tests/test_linear_and_peers.py). Predicted: all pass.
# Usage (device, from the repo root): bash docs/runs/run529/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
(timeout 300 python3 -m pytest -q -p no:cacheprovider -k "linear" tests/test_gpu_features.py tests/test_linear_and_peers.py \
   2>&1 | tail -n 4; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"

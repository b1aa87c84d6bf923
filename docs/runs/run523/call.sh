#!/usr/bin/env bash
# Run 523 (BENCHMARKS.md item 322): NVFP4Linear's weight_layout="auto" decided again when the layer
# moves to a CUDA device (settle_auto_layout), so a model converted on the CPU and then moved gets
# the GPU's layout. The GPU tests of NVFP4Linear and the features (its new case:
# test_linear_auto_layout_follows_the_layer_to_the_gpu) and tests/test_linear_and_peers.py. No timing
# (the layouts' times at one row are run 520's tables).
# Usage (device, from the repo root): bash docs/runs/run523/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
(timeout 230 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 |
   tail -n 6; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"

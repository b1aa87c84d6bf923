#!/usr/bin/env bash
# Run 406: the final tree of the fifty-second session (kernels' sm_90a SASS byte-identical to
# 732b73e's; the integer item's helpers moved into e2m1_decode.cuh) built by the library's JIT and
# the kernel, feature and NVFP4Linear GPU tests run on it.
# Usage (device, from the repo root): bash docs/runs/run406/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SECONDS=0
PYTHONPATH=src timeout 270 python -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  tests/test_linear_and_peers.py > "$OUT/tests.txt" 2>&1
echo "rc=$? ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/env.txt"

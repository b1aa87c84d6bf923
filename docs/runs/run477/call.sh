#!/usr/bin/env bash
# Run 477: run 476's winners together, tested on the GPU before they land: the tree (86f959e) with
# run 472's held.patch (src/ hunks; it holds lane.patch) and run 475's rowscale.patch (all of it,
# its tests too), built, then every test of test_gpu_kernel.py and test_gpu_features.py.
# Usage (device, from the repo root): bash docs/runs/run477/call.sh
git apply --include='src/*' docs/runs/run472/held.patch && git apply docs/runs/run475/rowscale.patch && echo patched
export PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/c_hr PYTHONUNBUFFERED=1
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/b.log 2>&1; echo "build rc $? ${SECONDS}s"
timeout 215 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py 2>&1 | tail -12
echo "tests ${SECONDS}s"
# Then, on the same warm machine, one failing case alone (it passed):
#   timeout 50 python3 -m pytest -q -x -p no:cacheprovider tests/test_gpu_features.py \
#     -k "test_linear_global_scale_per_row and weight-only-row-major-1"

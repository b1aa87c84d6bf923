#!/usr/bin/env bash
# Run 497 (seventy-fifth session): item 303's tests of torch.export (tests/test_gpu_features.py's
# test_linear_torch_export_runs_the_gemv_ops on the kernels, and the CPU ones of
# test_linear_and_peers.py) on any GPU; then, on an H200 only, run 496 (run 495's columns bench
# and run 491) into the same $OUT.
# Usage (device, from the repo root): bash docs/runs/run497/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/export_env.txt"
SECONDS=0
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 | tee -a "$OUT/export_env.txt"
timeout 200 python3 -m pytest -q -p no:cacheprovider -k export tests/test_gpu_features.py \
  tests/test_linear_and_peers.py > "$OUT/export_tests.txt" 2>&1
echo "export tests rc $? ${SECONDS}s" | tee -a "$OUT/export_env.txt"
tail -n 15 "$OUT/export_tests.txt"
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)" in
  *H200*) bash docs/runs/run496/call.sh ;;
  *) echo "not an H200: run 496 not run" | tee -a "$OUT/export_env.txt" ;;
esac

#!/usr/bin/env bash
# Run 494 (prepared in the seventy-third session, not run: no device time left): the tree with item
# 295 (torch.ops.nvfp4.dequantize, NVFP4Linear's prefill fallback on it, its memcheck cases), by
# `scripts/device_run.sh current`: the three GPU suites (1000 tests in run 488, plus item 295's),
# memcheck on scripts/memcheck_cases.py (the dequantize kernel's cases new), and the benches of
# BENCHMARKS.md's "Current" tables (on an H200 those tables' refresh; on another GPU the tests and
# memcheck stand, the benches are that GPU's). Then scripts/time_dequantize.py's table on that GPU.
# Not run in the seventy-fourth session either (no device lent); its suites now hold that session's
# GPU test too (test_checkpoint_loaded_onto_the_gpu_runs_dynamic_w4a4, items 299-300).
# Usage (device, from the repo root): bash docs/runs/run494/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
TESTS_LIMIT_S=340 bash scripts/device_run.sh current
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 90 python3 scripts/time_dequantize.py 20 \
  > "$OUT/time_dequantize.txt" 2>&1
cat "$OUT/time_dequantize.txt"

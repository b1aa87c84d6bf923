#!/usr/bin/env bash
# Run 550 (eighty-seventh session), for an H200 when one comes: BENCHMARKS.md's "Current" tables
# refreshed on the H200 (owed since run 483, 2026-12-05, a2a95e9) on main after item 334 (2fbe85e
# and on): `scripts/device_run.sh current` (build, the kernel, feature and NVFP4Linear GPU suites,
# which hold item 334's tile-sweep cases, memcheck on scripts/memcheck_cases.py, the three benches).
# Predicted: every test passes, memcheck 0 errors; the W4A4 task rows within 0.3 us of run 483's
# (no N = 1 plan changed since: 1.09 / 1.11 / 1.12x the floor, geomean 24.39 us); W4A16 batched
# rows faster than run 483's by item 332 (run 546 on an H100: 3-8 us).
# Usage (device, from the repo root): bash docs/runs/run550/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current 2>&1 | tail -n 30
# As run (2026-12-06 21:51 UTC, on run 554's H200, warm, with too little device time left for the
# GPU suites): `export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache;
# CURRENT_TESTS=0 timeout 290 bash scripts/device_run.sh current 2>&1 | tail -n 12` (the benches
# alone; docs/runs/run550/out/tests.txt says so).

#!/usr/bin/env bash
# Run 422: scripts/device_run.sh's "current" mode on commit b0571b1 (item 259: W4A4 one
# piece a thread wherever that holds more warps an SM, up to 256 MiB of weights; host code only):
# the kernel, feature and NVFP4Linear GPU tests, compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py, and the benches of BENCHMARKS.md's "Current" tables; then dyn422.py 20
# (dynamic W4A4 on the shapes the rule moved: the fused op, its two steps, W4A16 bf16).
# Usage (device, from the repo root): bash docs/runs/run422/call.sh  (OUT: where the output goes)
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
MEMCHECK=scripts/memcheck_cases.py bash scripts/device_run.sh current
PYTHONPATH=src python docs/runs/run422/dyn422.py 20 > "$OUT/dyn422.txt" 2>&1
grep -v "arn" "$OUT/dyn422.txt"

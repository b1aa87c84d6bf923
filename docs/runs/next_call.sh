#!/usr/bin/env bash
# This session's first device call (BENCHMARKS.md "Next steps"), about 7 minutes:
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# 1. pattern_probe's new row-pair patterns (the row-major layout read 512 contiguous bytes per
#    load) against the floor, the kernel's tile pattern and the tiled layout, bare and with the
#    probe's item; 2. the tiled kernel's memory side, compute side and no-staging diagnostics.
# Variant specs are written literally (run 85 lost 10 device minutes to word splitting).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
date -u | tee "$OUT/next_env.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader | tee -a "$OUT/next_env.txt"

nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pp scripts/pattern_probe.cu && \
  timeout 150 /tmp/pp floor3x256 blk2x256/8 tile/4 tile/4+sf+mma tiled/4 tiled/4+sf+mma pairs > "$OUT/probe.txt" 2>&1

VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 330 \
  bash scripts/device_variants.sh base= nodecode=%docs/runs/next_nodecode.patch \
  nomem=%docs/runs/next_nomem.patch nostage=%docs/runs/run98/no_staging.patch > "$OUT/var.txt" 2>&1

cat "$OUT/next_env.txt"
echo "== probe"; cat "$OUT/probe.txt"
echo "== variants"; grep -vE "^\s*$" "$OUT/var.txt" | tail -n 32

#!/usr/bin/env bash
# The next session's first device call (BENCHMARKS.md "Next steps"): where the tiled kernel's
# ~2 us between its bare pattern and its stream with the decode go. About 6 minutes.
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# Variant specs are written literally (run 85 lost 10 device minutes to word splitting).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
date -u | tee "$OUT/next_env.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader | tee -a "$OUT/next_env.txt"

# 1. Each side alone, both weight layouts (unchecked timings; "tiled" is the second column):
#    the decode replaced by an XOR (memory side), the load pointers frozen (compute side, weights
#    from L2), no activation staging (run 98's diagnostic), against the committed kernels.
VARIANT_CMD="scripts/time_shapes.py 20 tiled" timeout 330 \
  bash scripts/device_variants.sh base= nodecode=%docs/runs/next_nodecode.patch \
  nomem=%docs/runs/next_nomem.patch nostage=%docs/runs/run98/no_staging.patch > "$OUT/var.txt" 2>&1

# 2. Stall reasons of the tiled and the row-major kernel on 7168x16384 (ncu).
CASE="7168 16384 1 1 fp4 tiled" timeout 160 bash scripts/ncu_stalls.sh tiled > "$OUT/ncu_tiled_summary.txt" 2>&1
timeout 160 bash scripts/ncu_stalls.sh rowmajor > "$OUT/ncu_rowmajor_summary.txt" 2>&1

cat "$OUT/next_env.txt"
echo "== variants"; grep -vE "^\s*$" "$OUT/var.txt" | tail -n 32
echo "== ncu tiled"; cat "$OUT/ncu_tiled_summary.txt" | head -30
echo "== ncu row-major"; cat "$OUT/ncu_rowmajor_summary.txt" | head -30

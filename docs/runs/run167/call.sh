#!/usr/bin/env bash
# Run 167 (one device call, from the repository root; writes under $OUT), prepared in the
# fifteenth session: (1) NVFP4Linear's layout question (BENCHMARKS.md Next steps): W4A4 and W4A16
# bf16 at N = 1..16 on the small layers and 14336x4096, row-major against tiled weights
# (docs/runs/run167/layouts.py, 80 timings with their floors); (2) the row-major plan rules'
# alternatives at one column, unchecked timings (scripts/time_shapes.py, 15 reps): as planned,
# with the k spans off (the integer row tiles where the fp16 or integer k spans run now), with
# the ring off.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build 2>&1 | tail -n 1
timeout 300 python3 docs/runs/run167/layouts.py > "$OUT/layouts.md" 2>&1
for env_spec in NVFP4_GEMV_VARIANT_ENV=none NVFP4_GEMV_SPANS=0 NVFP4_GEMV_RING=0; do
  echo "== $env_spec" >> "$OUT/rules.txt"
  env "$env_spec" timeout 100 python3 scripts/time_shapes.py 15 >> "$OUT/rules.txt" 2>&1
done
cat "$OUT/layouts.md" "$OUT/rules.txt"

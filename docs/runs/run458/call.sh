#!/usr/bin/env bash
# Run 458 (BENCHMARKS.md item 276): dynamic W4A4 on the band sweep in one kernel (band16_kernel
# quantizing each warp's tiles of a 16-bit x in its prologue, kActQuantF16 / kActQuantBF16) against
# the tree without it (base.patch undoes it: commit 00ff74f's src, where such calls run the quantize
# kernel, then the band sweep). Builds both copies in parallel (scripts/device_variants.sh), times
# docs/runs/run456/ab456.py 20 (its "dynamic bf16 tiled" column is the change; the FP4 columns
# are controls) in the orders base / fused / fused / base, then every GPU test of the kernel,
# features and NVFP4Linear on the new copy, then compute-sanitizer memcheck on all of
# scripts/memcheck_cases.py there (its dynamic tiled cases at L = 1 now the fused band sweep).
# Usage (device, from the repo root): bash docs/runs/run458/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
R=docs/runs/run458
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
SHAPES=4096x4096,14336x4096,4096x14336,7168x2048,2048x7168,7168x16384,8192x28672,151936x4096,28672x4096,4096x1024,1024x4096
VARIANT_CMD="$PWD/docs/runs/run456/ab456.py 20 $SHAPES" VARIANT_TAIL=20 VARIANT_ORDER="base fused fused base" timeout 300 \
  bash scripts/device_variants.sh base=%$R/base.patch fused= > "$OUT/sides.txt" 2>&1
echo "builds and sides ${SECONDS}s" >> "$OUT/env.txt"
VARIANT_REUSE=1 VARIANT_TAIL=6 timeout 240 \
  env VARIANT_CMD="-m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py" \
  bash scripts/device_variants.sh fused= > "$OUT/tests.txt" 2>&1
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
WORK=${WORK:-/tmp/nvfp4_variants}
(cd "$WORK/fused" && NVFP4_GEMV_CACHE_DIR="$WORK/fused/cache" PYTHONPATH=src timeout 60 \
   compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py 2>&1 | tail -n 4) \
  > "$OUT/memcheck.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
awk '/^== /{side=$2} /^[0-9]+x[0-9]+ \|/{print side" | "$0}' "$OUT/sides.txt" | sed 's/ | [a-z0-9_]*kernel.*$//' \
  | sort -t'|' -k2,2 -s
grep -o "| [a-z0-9_]*kernel.*$" "$OUT/sides.txt" | sort | uniq -c; cat "$OUT/env.txt"

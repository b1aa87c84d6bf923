#!/usr/bin/env bash
# Run 456 (BENCHMARKS.md item 275): W4A4 at one FP4 column on the band sweep (tiled weights, L =
# 1), first form: wherever band16_fits. The build, then ab456.py 20 over 16 shapes in the orders
# base / band / band / base (base: NVFP4_GEMV_BAND16=0, the integer row tiles; the same build),
# then the GPU tests of the tiled format, the band sweep and dynamic W4A4, then compute-sanitizer
# memcheck on memcheck456.py.
# Usage (device, from the repo root): bash docs/runs/run456/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
R=docs/runs/run456
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 20 /tmp/build.log; exit 1; }
echo "built ${SECONDS}s" >> "$OUT/env.txt"
SHAPES=4096x4096,14336x4096,4096x14336,7168x2048,2048x7168,7168x16384,8192x28672,151936x4096,5120x13824,13824x5120,3584x18944,4096x1024,18432x7168,28672x4096,4096x11008,1024x4096
for side in base band band base; do
  env NVFP4_GEMV_BAND16=$([ $side = base ] && echo 0 || echo 2) timeout 100 python3 $R/ab456.py 20 $SHAPES 2>&1 \
    | sed "s/^/$side | /" >> "$OUT/sides.txt"
done
echo "sides ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_kernel.py tests/test_gpu_features.py \
  -k "tiled or band or dynamic" 2>&1 | tail -n 25 > "$OUT/tests.txt"
echo "tests ${SECONDS}s" >> "$OUT/env.txt"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 python3 $R/memcheck456.py 2>&1 \
  | tail -n 4 > "$OUT/memcheck.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
tail -n 8 "$OUT/tests.txt"; cat "$OUT/memcheck.txt"
sed 's/ | [a-z0-9_]*kernel.*$//' "$OUT/sides.txt" | grep -v "arn" | sort -t'|' -k2,2 -s | head -n 70
grep -o "| [a-z0-9_]*kernel.*$" "$OUT/sides.txt" | sort | uniq -c; cat "$OUT/env.txt"

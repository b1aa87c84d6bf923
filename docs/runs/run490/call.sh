#!/usr/bin/env bash
# Run 490 (seventy-third session): format.e2m1_decode by a 16-entry table made on the device and
# one gather (item 293; run 489's "dequant + matmul" took 6389 us on 7168x16384 with the formula
# applied to every code). The CUDA-graph and decode GPU tests that cover e2m1_decode, then `bench
# --peers` again (the side by side of run 489 with the new "dequant + matmul"), and on an H200
# only the three `nvfp4-gemv decode` runs of run 488. The wheels carried in peers/wheels.
# Usage (device, from the repo root): bash docs/runs/run490/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
git log -1 --format='tree of %h (plus the working tree copied by the device tool)' >> "$OUT/env.txt" 2>/dev/null
export PYTHONPATH="$PWD/src:$PWD/tests" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m pip install -q --no-index --find-links peers/wheels humming-kernels gemlite matplotlib > /tmp/pip.log 2>&1
echo "peer wheels: pip exit $? ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_decode_static.py tests/test_gpu_features.py \
  tests/test_format.py -k "static_cache or end_to_end or round_trip or compile_and_cuda_graph or e2m1 or dequant" \
  > "$OUT/tests.txt" 2>&1
echo "tests rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 220 python3 -m nvfp4_gemv bench --peers --reps 20 --json "$OUT/peers.json" > /tmp/peers.log 2>&1
echo "peers rc $? ${SECONDS}s" >> "$OUT/env.txt"
grep -E "^\|" /tmp/peers.log > "$OUT/peers.txt"
if grep -q H200 "$OUT/env.txt"; then
  for args in "dynamic --activation dynamic --hidden 4096 --intermediate 14336 --layers 4" \
              "4096 --hidden 4096 --intermediate 14336 --layers 4" "2048"; do
    set -- $args; name=$1; shift
    { echo "== decode $name"; timeout 80 python3 -m nvfp4_gemv decode "$@" --json "$OUT/decode_$name.json" 2>&1; } \
      >> "$OUT/decode.txt"
    echo "decode $name rc $? ${SECONDS}s" >> "$OUT/env.txt"
  done
else
  echo "not an H200: the decode not run" >> "$OUT/env.txt"
fi
tail -n 2 "$OUT/tests.txt"; grep -E "dequant|humming" "$OUT/peers.txt" | head -n 30; tail -n 4 "$OUT/decode.txt" 2>/dev/null
cat "$OUT/env.txt"

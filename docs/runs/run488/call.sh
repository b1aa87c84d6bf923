#!/usr/bin/env bash
# Run 488 (seventy-third session): what run 483 left owed, on the kernels of e28b7c0 (kernels
# unchanged since run 483 but for comments; the Python decode and e2m1_decode changed since): the
# three GPU suites, then, on an H200 only, `nvfp4-gemv decode` with its CUDA-graph timing on the
# README's two models and the dynamic W4A4 one (run 487 ran them on an H100). Any GPU runs the tests.
# Usage (device, from the repo root): bash docs/runs/run488/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONPATH="$PWD/src:$PWD/tests" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)" >> "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
timeout 320 python3 -m pytest -q -p no:cacheprovider --durations=10 tests/test_gpu_kernel.py \
  tests/test_gpu_features.py tests/test_linear_and_peers.py > /tmp/tests.log 2>&1
echo "tests rc $? ${SECONDS}s" >> "$OUT/env.txt"
grep -E "^(FAILED|ERROR)|passed|failed|^[0-9.]+s (call|setup)" /tmp/tests.log | tail -n 30 > "$OUT/tests.txt"
if grep -q H200 "$OUT/env.txt"; then
  for args in "dynamic --activation dynamic --hidden 4096 --intermediate 14336 --layers 4" \
              "4096 --hidden 4096 --intermediate 14336 --layers 4" "2048"; do
    set -- $args; name=$1; shift
    timeout 90 python3 -m nvfp4_gemv decode "$@" --json "$OUT/decode_$name.json" > "$OUT/decode_$name.txt" 2>&1
    echo "decode $name rc $? ${SECONDS}s" >> "$OUT/env.txt"
  done
else
  echo "not an H200: the decode not run" >> "$OUT/env.txt"
fi
tail -n 3 "$OUT/tests.txt"; tail -n 2 "$OUT"/decode_*.txt 2>/dev/null; cat "$OUT/env.txt"

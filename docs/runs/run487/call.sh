#!/usr/bin/env bash
# Run 487: format.e2m1_decode from its formula (no table copied from the host), so the dynamic
# mode's dequantized model runs inside a CUDA graph capture (run 486 on an H100: "Cannot copy
# between CPU and CUDA tensors during CUDA graph capture"). The decode and CUDA-graph GPU tests and
# the static-cache CPU tests, then `nvfp4-gemv decode` on hidden 4096 / intermediate 14336 / 4
# layers, dynamic and weight-only, and on the README's model. Any GPU (named in env.txt).
# Usage (device, from the repo root): bash docs/runs/run487/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONPATH="$PWD/src:$PWD/tests"
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)" >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_decode_static.py tests/test_gpu_features.py \
  -k "static_cache or end_to_end or round_trip_replays or compile_and_cuda_graph" > "$OUT/tests.txt" 2>&1
echo "tests rc $? ${SECONDS}s" >> "$OUT/env.txt"
for args in "dynamic --activation dynamic --hidden 4096 --intermediate 14336 --layers 4" \
            "4096 --hidden 4096 --intermediate 14336 --layers 4" "2048"; do
  set -- $args; name=$1; shift
  timeout 100 python3 -m nvfp4_gemv decode "$@" --json "$OUT/decode_$name.json" > "$OUT/decode_$name.txt" 2>&1
  echo "decode $name rc $? ${SECONDS}s" >> "$OUT/env.txt"
done
tail -n 2 "$OUT/tests.txt"; tail -n 2 "$OUT"/decode_*.txt; cat "$OUT/env.txt"

#!/usr/bin/env bash
# Run 485: the end-to-end decode with CUDA graphs (decode.greedy_static: each step one replay of a
# graph over transformers' StaticCache). The decode's GPU test and the static-cache CPU tests, then
# `nvfp4-gemv decode` on the README's model (hidden 2048, intermediate 5632, 8 layers) and on one of
# Llama-3-8B's layer shapes (hidden 4096, intermediate 14336, 4 layers), each printing eager and
# graphed tokens/s of the NVFP4Linear, dequantized-fp32 and bf16 models. Any GPU (named in env.txt).
# Usage (device, from the repo root): bash docs/runs/run485/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONPATH="$PWD/src:$PWD/tests"
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)" >> "$OUT/env.txt"
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_decode_static.py tests/test_gpu_features.py \
  -k "static_cache or end_to_end" > "$OUT/tests.txt" 2>&1
echo "tests rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 150 python3 -m nvfp4_gemv decode --json "$OUT/decode.json" > "$OUT/decode.txt" 2>&1
echo "decode rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 200 python3 -m nvfp4_gemv decode --hidden 4096 --intermediate 14336 --layers 4 \
  --json "$OUT/decode_4096.json" > "$OUT/decode_4096.txt" 2>&1
echo "decode 4096 rc $? ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"; tail -n 8 "$OUT/decode.txt" "$OUT/decode_4096.txt"; cat "$OUT/env.txt"

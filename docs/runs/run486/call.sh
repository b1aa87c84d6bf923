#!/usr/bin/env bash
# Run 486: run 485's decode with CUDA graphs on an H200 (the machine of the README's other tables),
# weight-only on both models and dynamic W4A4 on the larger one. H200 only: on any other GPU it
# writes "not an H200 (NAME)" to env.txt and stops.
# Usage (device, from the repo root): bash docs/runs/run486/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONPATH="$PWD/src"
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)" >> "$OUT/env.txt"
timeout 150 python3 -m nvfp4_gemv decode --json "$OUT/decode.json" > "$OUT/decode.txt" 2>&1
echo "decode rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 120 python3 -m nvfp4_gemv decode --hidden 4096 --intermediate 14336 --layers 4 \
  --json "$OUT/decode_4096.json" > "$OUT/decode_4096.txt" 2>&1
echo "decode 4096 rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 120 python3 -m nvfp4_gemv decode --hidden 4096 --intermediate 14336 --layers 4 --activation dynamic \
  --json "$OUT/decode_4096_dynamic.json" > "$OUT/decode_4096_dynamic.txt" 2>&1
echo "decode 4096 dynamic rc $? ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT"/decode*.txt; cat "$OUT/env.txt"

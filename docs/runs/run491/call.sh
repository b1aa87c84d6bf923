#!/usr/bin/env bash
# Run 491 (seventy-third session): on an H200 only (the machine of the README's other tables), the
# two things runs 488-490 ran on H100s or not at all: `nvfp4-gemv decode` with its CUDA-graph
# timing (the README's two models, and the larger one with dynamic W4A4), then `bench --peers`
# (run 490's side by side). On any other GPU it writes "not an H200" to env.txt and stops. The
# wheels carried in peers/wheels.
# Usage (device, from the repo root): bash docs/runs/run491/call.sh  (OUT: where the output goes)
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
source scripts/only_on_gpu.sh H200
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)" >> "$OUT/env.txt"
python3 -m pip install -q --no-index --find-links peers/wheels humming-kernels gemlite matplotlib > /tmp/pip.log 2>&1
echo "peer wheels: pip exit $? ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
for args in "dynamic --activation dynamic --hidden 4096 --intermediate 14336 --layers 4" \
            "4096 --hidden 4096 --intermediate 14336 --layers 4" "2048"; do
  set -- $args; name=$1; shift
  { echo "== decode $name"; timeout 80 python3 -m nvfp4_gemv decode "$@" --json "$OUT/decode_$name.json" 2>&1; } \
    >> "$OUT/decode.txt"
  echo "decode $name rc $? ${SECONDS}s" >> "$OUT/env.txt"
done
timeout $((570 - SECONDS)) python3 -m nvfp4_gemv bench --peers --reps 20 --json "$OUT/peers.json" > /tmp/peers.log 2>&1
echo "peers rc $? ${SECONDS}s" >> "$OUT/env.txt"
grep -E "^\|" /tmp/peers.log > "$OUT/peers.txt"
grep -E "tokens/s|graph" "$OUT/decode.txt" | head -n 20; grep -E "ours W4A16 \||humming" "$OUT/peers.txt" | head -n 30
cat "$OUT/env.txt"

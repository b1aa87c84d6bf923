#!/usr/bin/env bash
# Run 489 (seventy-third session): the side by side with the peers on the kernels of main, the
# first since run 101 (commit 9fdfbee) and run 47 (db35aba): `nvfp4-gemv bench --peers` over all
# its shapes and implementations (ours W4A16 row-major and tiled, ours W4A4 with the activation's
# quantization, cuBLAS bf16, dequant + matmul, humming W4A16, gemlite), every output checked
# before it is timed, write flush, 20 reps. The wheels carried in peers/wheels (peers/README.md:
# humming-kernels 0.1.20, gemlite 0.6.0.post2, matplotlib). Any GPU (named in env.txt).
# Usage (device, from the repo root, with peers/wheels carried): bash docs/runs/run489/call.sh
set -uo pipefail
export OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
git log -1 --format='tree of %h' >> "$OUT/env.txt" 2>/dev/null
export PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m pip install -q --no-index --find-links peers/wheels humming-kernels gemlite matplotlib > /tmp/pip.log 2>&1
echo "peer wheels: pip exit $? ${SECONDS}s" >> "$OUT/env.txt"
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -n 30 /tmp/build.log; exit 1; }
timeout $((560 - SECONDS)) python3 -m nvfp4_gemv bench --peers --reps 20 --json "$OUT/peers.json" \
  --plot "$OUT/peers.png" > /tmp/peers.log 2>&1
echo "peers rc $? ${SECONDS}s" >> "$OUT/env.txt"
grep -E "^\||NVIDIA|peer|Error|error" /tmp/peers.log | grep -v "^ " | cut -c1-300 > "$OUT/peers.txt"
tail -n 40 /tmp/peers.log | cut -c1-300 > "$OUT/peers_tail.txt"
grep -E "^\|" "$OUT/peers.txt" | head -n 80; cat "$OUT/env.txt"

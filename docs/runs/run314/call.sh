#!/usr/bin/env bash
# Run 314: the session's final tree (items 199-201). Build; the kernel, feature and NVFP4Linear
# tests; memcheck; the end-to-end decode (a small Llama with NVFP4Linear layers, W4A16 and dynamic
# W4A4). Predicted: 727 pass (run 311's count; item 201 moves only K = 27648-28672 plans of 2
# chunks, which run 313's tile-sweep tests passed), memcheck clean (56 cases), the decode's logits
# within its bound as before.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
git log -1 --format='commit %H %cd' 2>/dev/null >> "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 200 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 130 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
timeout 90 python3 -m nvfp4_gemv decode --json "$OUT/decode.json" 2>&1 | tail -n 8 | tee "$OUT/decode.txt"

#!/usr/bin/env bash
# Run 290 (BENCHMARKS.md item 191). The tile sweep's copies without branches (every slot of a
# stage written each tile, zero-filled past the CTA's valid chunks and past M; no zeroing loop;
# 467 SASS in the fp16 2-piece hot loop against 533) against head, in cols8_probe's harness
# (-DWITH_LIBRARY, the probe's 16w p2 s4 variants beside it), two orders; with it two variants of
# the lean form: "map" (copy c = tid + 512 jj, as the probe: 4 warps a row), "nobreak" (no
# per-piece test at 2 pieces). Predicted: lean 0.5-1 us faster at 7168x16384 N = 8 (33.6 ->
# ~32.8), map and nobreak within 0.3 of lean. Then the tree (lean): build; the kernel, feature and
# NVFP4Linear tests; bench --all (write flush).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
build() {  # name kernel-file
  nvcc -O3 -std=c++17 -arch=sm_90a -DWITH_LIBRARY -I src/nvfp4_gemv/csrc -o /tmp/c8l_$1 scripts/cols8_probe.cu "$2" \
    > "$LOGS/build_$1.log" 2>&1 || echo "build $1 failed"
}
build head .variants/head.cu & build lean src/nvfp4_gemv/csrc/gemv_kernels.cu &
build map .variants/map.cu & build nobreak .variants/nobreak.cu &
python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
for v in head lean map nobreak nobreak map lean head; do
  echo "== $v" >> "$OUT/ab.txt"; /tmp/c8l_$v 30 "16w p2 s4" >> "$OUT/ab.txt" 2>&1
done
grep -E "^==|library|^[0-9]" "$OUT/ab.txt" | head -80
python3 -m nvfp4_gemv info >> "$OUT/env.txt"
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py tests/test_linear_and_peers.py 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 170 python3 -m nvfp4_gemv bench --reps 30 --all --json "$OUT/bench_write.json" > "$OUT/bench_write.txt" 2>&1
echo "== bench --all (write flush, exit $?)"; grep -E "N=(1|8) \|" "$OUT/bench_write.txt" | head -30

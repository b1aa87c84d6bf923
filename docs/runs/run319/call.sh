#!/usr/bin/env bash
# Run 319 (BENCHMARKS.md item 203): the W4A16 sweep's one-column kernels of 2 pieces on up to 8
# warps with x in shared memory (one LDS.128 per 8 words of a pair, not 32 registers) and one row
# pair in flight, 3 CTAs per SM (24 warps, 80 registers, no spills): docs/runs/run319/x_shared.patch
# applied to a copy of src ("xs"), against the tree (x in registers, 2 pairs in flight, 2 CTAs per
# SM, "tree"), each in its own build; xs_ab.py, orders xs / tree / tree / xs; then the patched
# build's W4A16 sweep tests and memcheck. Predicted: the W4A4 sweep's shape (24 warps an SM, one
# pair of 2 pieces in flight, 1.11x) for the W4A16 loop (hot loop 362-371 SASS per pair against
# 347): 7168x16384 bf16 25.6 -> ~24.5 us, the lm_head 98.7 -> ~96; where a CTA holds few rows
# (7168x2048x4) even.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
LOGS=/tmp/nvfp4_gemv_logs
mkdir -p "$OUT" "$LOGS"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
rm -rf /tmp/pv && mkdir -p /tmp/pv && cp -r src /tmp/pv/ && (cd /tmp/pv && patch -p1 < "$OLDPWD/docs/runs/run319/x_shared.patch") > "$LOGS/patch.log" 2>&1 || { cat "$LOGS/patch.log"; exit 1; }
XS=/tmp/pv/src
(PYTHONPATH=$XS NVFP4_GEMV_CACHE_DIR=/tmp/cache_v python3 -m nvfp4_gemv build > "$LOGS/build_v.log" 2>&1) &
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv build > "$LOGS/build.log" 2>&1 || { tail -20 "$LOGS/build.log"; exit 1; }
wait
PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache python3 -m nvfp4_gemv info >> "$OUT/env.txt"
xs() { PYTHONPATH=$XS NVFP4_GEMV_CACHE_DIR=/tmp/cache_v timeout 90 python3 docs/runs/run319/xs_ab.py xs "$@"; }
tree() { PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache timeout 90 python3 docs/runs/run319/xs_ab.py tree "$@"; }
{ xs --floor; tree; tree; xs; } > "$OUT/xs_ab.txt" 2>&1
export PYTHONPATH=$XS NVFP4_GEMV_CACHE_DIR=/tmp/cache_v
timeout 150 python3 -m pytest -q tests/test_gpu_kernel.py -k "w4a16 or sweep16" 2>&1 | tail -n 30 > "$OUT/pytest.log"
grep -E "passed|failed|FAILED|Error" "$OUT/pytest.log" | tail -n 15
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > "$LOGS/memcheck.log" 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$LOGS/memcheck.log") clean summaries, $(grep -c '^ok' "$LOGS/memcheck.log") cases)" | tee -a "$OUT/pytest.log"
cat "$OUT/xs_ab.txt"

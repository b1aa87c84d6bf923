#!/usr/bin/env bash
# Run 184 (one device call, from the repository root; writes under $OUT): the test half of
# scripts/device_run.sh full on the session's final kernel (run 183 ran its benches): every test,
# the kernel tests with each variant forced, memcheck; then the fused dynamic quantization's table
# with its launch rule (docs/runs/run172/dynamic.py).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
git log -1 --format='commit %H' 2>/dev/null > "$OUT/env.txt"
python3 -m nvfp4_gemv build 2>&1 | tail -n 1 | tee -a "$OUT/env.txt"
python3 -m pytest -q tests 2>&1 | tail -n 5 > "$OUT/pytest.log"
for sw in NVFP4_GEMV_RING=1 NVFP4_GEMV_SPANS=1 NVFP4_GEMV_IMMA=1 NVFP4_GEMV_IMMA=0 NVFP4_GEMV_DOT=1; do
  env $sw python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1 | sed "s/^/$sw: /" >> "$OUT/pytest.log"
done
compute-sanitizer --tool memcheck --error-exitcode 9 python3 scripts/memcheck_cases.py > /tmp/memcheck.log 2>&1
echo "memcheck exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' /tmp/memcheck.log) clean summaries)" >> "$OUT/pytest.log"
timeout 150 python3 docs/runs/run172/dynamic.py > "$OUT/dynamic.md" 2>&1
cat "$OUT/pytest.log" "$OUT/dynamic.md"

#!/usr/bin/env bash
# Run 335: scripts/sweep_timeline.py (the session's timeline scripts as one tool) on the GPU, on
# the tree with docs/runs/run330/tl2.patch (W4A4) and with docs/runs/run334/tl16.patch (W4A16)
# applied, each in its own copy: 7168x16384 fp4 and bf16, two cold calls each. Predicted: the
# same stamps as runs 330 and 334 within their spread.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
SECONDS=0
for v in tl2:run330 tl16:run334; do
  name=${v%%:*}; run=${v##*:}
  rm -rf /tmp/tree_$name && mkdir -p /tmp/tree_$name && cp -r src scripts docs /tmp/tree_$name/
  (cd /tmp/tree_$name && patch -p1 < docs/runs/$run/$name.patch) > "$OUT/apply_$name.log" 2>&1
  (cd /tmp/tree_$name && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_$name python3 -m nvfp4_gemv build > "$OUT/build_$name.log" 2>&1) &
done
wait
echo "builds ${SECONDS}s" > "$OUT/env.txt"
(cd /tmp/tree_tl2 && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl2 timeout 90 python3 scripts/sweep_timeline.py 7168 16384 1 2 fp4) > "$OUT/timeline.txt" 2>&1
(cd /tmp/tree_tl16 && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_tl16 timeout 90 python3 scripts/sweep_timeline.py 7168 16384 1 2 bf16) >> "$OUT/timeline.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
grep -v -i warn "$OUT/timeline.txt"; cat "$OUT/env.txt"; tail -n 2 "$OUT"/apply_*.log

#!/usr/bin/env bash
# Run 521 (BENCHMARKS.md item 320): the register-staged tile sweep on row-major scales whose rows
# are padded to a 16-byte stride (where K % 256 != 0) loads a lane's last scale bytes as 4-byte
# words and a last 2-byte pair straight into their registers, not as 16-bit loads ORed together
# right after their issue. "new": the tree that adds this folder; "old": before.patch takes it back.
# Also: what the padding buys a caller (NVFP4Linear) at all: contiguous scale rows of K % 256 != 0
# leave N >= 3 on the row tiles (split K), padded ones take the tile sweep; and N = 1 (the row
# sweeps) on either. Shapes: gpt-oss's K = 2880 (5120x2880 fused qkv, 2880x2880, 5760x2880),
# Gemma-3-1B's 6912x1152, Qwen2.5-0.5B's 4864x896, and 4096x4384 (a cluster of 2).
# Predicted: padded new faster than old by up to ~0.3 us a round on single CTAs (5760x2880: 3
# rounds); padded against contiguous at N = 8 1.3-2x faster (the tile sweep against the row
# tiles); N = 1 even.
# Ran on the tree of b4f580f with padded_loads.patch applied (before.patch is its reverse); the
# patch was not kept (even: BENCHMARKS.md item 320), so on main apply padded_loads.patch first.
# Usage (device, from the repo root): bash docs/runs/run521/call.sh  (OUT: where the output goes)
set -uo pipefail
R=docs/runs/run521 REPO=$PWD
rm -rf /tmp/tree_old && mkdir -p /tmp/tree_old && cp -r src scripts pyproject.toml /tmp/tree_old/ &&
  (cd /tmp/tree_old && git apply $REPO/$R/before.patch > /tmp/apply_old.log 2>&1 &&
   PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=/tmp/cache_old python3 -m nvfp4_gemv build > /tmp/build_old.log 2>&1) &
source scripts/device_call_setup.sh
wait
{ cat /tmp/apply_old.log; tail -n 1 /tmp/build_old.log; echo "builds ${SECONDS}s"; } >> "$OUT/env.txt"
(timeout 200 python3 -m pytest -q -p no:cacheprovider -k "tile_sweep or tiled_sweep" \
   tests/test_gpu_kernel.py 2>&1 | tail -n 8; echo "tests (${SECONDS}s)") > "$OUT/tests.txt"
SHAPES=5120x2880,2880x2880,5760x2880,6912x1152,4864x896,4096x4384
side() {  # NAME ARGS...
  local src=/tmp/tree_old/src cache=/tmp/cache_old
  [ "$1" = new ] && src=$PWD/src cache=$NVFP4_GEMV_CACHE_DIR
  echo "== $1 ${*:2} (${SECONDS}s)"
  PYTHONPATH=$src NVFP4_GEMV_CACHE_DIR=$cache timeout 60 python3 scripts/ab_shapes.py 20 $SHAPES "${@:2}" 2>&1 | grep -v -i warn
}
{ for v in old new new old; do side $v cols=8 fp4 floors padded; done
  for v in old new; do side $v cols=8 padded; done
  side new cols=8 fp4 floors
  side new cols=8
  for c in 4 16; do side new cols=$c padded; side new cols=$c; done
  side new floors padded
  side new floors; } > "$OUT/sides.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/tests.txt"; sed 's/ | \[.sweep8_kernel<\([0-9]\), \([0-9]\), \([0-9]\), \(false\|true\)>.\]/ k\1p\2b\3/' "$OUT/sides.txt" | cut -c1-120

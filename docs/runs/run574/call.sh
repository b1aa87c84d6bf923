#!/usr/bin/env bash
# Run 574 (ninety-third session, branch pdl): item 340's safe form. Run 573's sweeps loaded their
# first weights before griddepcontrol.wait, which reads stale bytes if the kernel ahead writes the
# weights (a quantization, an in-place copy). Here, launched as programmatic dependents
# (NVFP4_GEMV_PDL=1, GemvParams::programmatic), the sweeps only prefetch their first window into
# L2 before the wait (L2 is where every write lands, so a prefetch cannot return stale bytes) and
# load it after; launched the ordinary way they run as before but for one branch in the prologue.
# base.patch takes the change back (the "old" tree: main's kernels); pdl_prefetch.patch is the
# change against main.
# (1) docs/runs/run573/pdl_chain.py, PDL unset / 1 / old / unset / 1; (2) the GPU tests of the
# sweeps, features, CUDA graphs and torch.compile with NVFP4_GEMV_PDL=1; (3) single flushed calls,
# old / new / new / old (PDL unset), unchecked; (4) the graphed decode (the 2048 model), PDL unset
# and 1.
# Predicted (written before the run): (1) the direct chain keeps most of run 573's gain (4096x4096
# 6.7 -> 5.7-6.1 us a layer, 2048x2048 3.8 -> 3.1-3.4, 8192x8192 16.3 -> 15.6-16.0), the chain with
# a torch kernel between within 0.1 of unset; graph output equal to eager everywhere; unset within
# 0.1 of the old tree. (2) all pass. (3) within 0.2 us. (4) within 2% either way.
# Ran on branch pdl (commit 0bf6d3d); from main: `git apply docs/runs/run574/pdl_prefetch.patch` first (item 340
# was not taken, main keeps the kernels without it).
# Usage (device, from the repo root): bash docs/runs/run574/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run574/base.patch
source scripts/device_call_setup.sh
CHAIN=4096x4096,2048x2048,8192x8192
chain() {  # new|old PDL(unset|1)
  local paths; paths=($(side_paths "$1"))
  echo "== $1 PDL=$2 (${SECONDS}s)"
  if [ "$2" = 1 ]; then export NVFP4_GEMV_PDL=1; else unset NVFP4_GEMV_PDL; fi
  PYTHONPATH=${paths[0]} NVFP4_GEMV_CACHE_DIR=${paths[1]} timeout 60 python3 docs/runs/run573/pdl_chain.py 7 $CHAIN 2>&1 | grep -v -i warn
  unset NVFP4_GEMV_PDL
}
{ chain new unset; chain new 1; chain old unset; chain new unset; chain new 1; } > "$OUT/chain.txt" 2>&1
cat "$OUT/chain.txt"
NVFP4_GEMV_PDL=1 timeout 180 python3 -m pytest -q tests/test_gpu_kernel.py tests/test_gpu_features.py \
  -k "sweep or w4a16 or graph or compile or decode or dynamic" > "$OUT/tests.txt" 2>&1
echo "tests rc $? ${SECONDS}s" >> "$OUT/env.txt"
tail -n 3 "$OUT/tests.txt"
SHAPES=7168x16384,4096x4096,14336x4096,7168x2048x4
{ for s in old new new old; do ab_side $s $SHAPES fp4; ab_side $s $SHAPES floors; done; } > "$OUT/sides.txt" 2>&1
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-150
for pdl in unset 1; do
  if [ $pdl = 1 ]; then export NVFP4_GEMV_PDL=1; else unset NVFP4_GEMV_PDL; fi
  timeout 70 python3 -m nvfp4_gemv decode --json "$OUT/decode_pdl_$pdl.json" 2>&1 | grep -E "tokens/s with" | cut -c1-200 | sed "s/^/PDL=$pdl: /"
done | tee "$OUT/decode.txt"
unset NVFP4_GEMV_PDL
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"

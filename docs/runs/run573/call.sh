#!/usr/bin/env bash
# Run 573 (ninety-third session, branch pdl): item 340, the row sweeps as programmatic dependent
# launches (NVFP4_GEMV_PDL=1): each sweep runs griddepcontrol.launch_dependents at its start and
# griddepcontrol.wait after its first weight loads, before it reads x, the global scales or writes
# anything; launched with programmatic stream serialization it may start while the kernel ahead of
# it ends, its first weight loads in flight during that kernel's tail. base.patch takes the change
# back (the "old" tree: main's kernels).
# (1) docs/runs/run573/pdl_chain.py: chains of NVFP4Linear layers (bf16 x, one token) in one CUDA
#     graph, us a layer, PDL unset / 1 / unset / 1 on this tree and once on the old tree;
# (2) the GPU tests of the sweeps, the features, CUDA graphs and torch.compile with NVFP4_GEMV_PDL=1;
# (3) single flushed calls, the old tree against this one (PDL unset), unchecked, two orders;
# (4) the graphed decode (the 2048 model), PDL unset / 1 / unset / 1.
# Predicted (written before the run): (1) with PDL, 0.5-2 us less a layer in the direct chain
# (4096x4096: ~8.5 -> 7-8 us), 0-1 us less with the torch kernel between; unset within 0.2 of the
# old tree; graph output equal to eager in every line. (2) all pass. (3) within 0.2 us. (4) graphed
# tokens/s 2-6% higher with PDL (1112 -> 1135-1180), logits as before.
# Ran on branch pdl (commit 2907900); from main: `git apply docs/runs/run573/pdl.patch` first (item 340
# was not taken, main keeps the kernels without it).
# Usage (device, from the repo root): bash docs/runs/run573/call.sh  (OUT: where the output goes)
set -uo pipefail
export OLD_PATCH=docs/runs/run573/base.patch
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
for pdl in unset 1 unset 1; do
  if [ $pdl = 1 ]; then export NVFP4_GEMV_PDL=1; else unset NVFP4_GEMV_PDL; fi
  timeout 70 python3 -m nvfp4_gemv decode --json "$OUT/decode_pdl_${pdl}_$SECONDS.json" 2>&1 | grep -E "tokens/s|logits" | cut -c1-220 | sed "s/^/PDL=$pdl: /"
done | tee "$OUT/decode.txt"
unset NVFP4_GEMV_PDL
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"

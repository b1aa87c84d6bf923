#!/usr/bin/env bash
# Prepared for the next session (not run), about 6 minutes:
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# 1. Two mma accumulator chains (docs/runs/run127/next_two_chains.patch): at N <= 8 every warp's mmas
#    accumulate into one register set, a dependent chain through its whole run (216 HMMA per warp
#    on 7168x16384); the patch alternates acc[0] and acc[1] (free there) and adds them at flush.
#    Same SASS count (tiled loop 627), no spills on sm_80-120a. Results change bitwise (another
#    fp32 summation order), so the kernel tests run on it too, with k spans and the ring forced.
# 2. Item 75: the cluster split reduction was correct but 1.3-1.6x slower at 4-8 splits, because
#    clusters of 4-8 do not fit one wave (run 113). Clusters of 2 do: time them (N = 2 and the
#    tiled shapes' 2-split plans) against the reduction kernel: docs/runs/run127/next_cluster2.patch is
#    run 112's src patch with kMaxClusterSplits = 2, brought up to this tree's launch_variant.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" timeout 300 bash scripts/device_variants.sh \
  base= two=%docs/runs/run127/next_two_chains.patch base2= > "$OUT/var_two.txt" 2>&1
(cd /tmp/nvfp4_variants/two && export NVFP4_GEMV_CACHE_DIR=$PWD/cache PYTHONPATH=src
 timeout 90 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1
 NVFP4_GEMV_SPANS=1 timeout 60 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1
 NVFP4_GEMV_RING=1 timeout 60 python3 -m pytest -q tests/test_gpu_kernel.py 2>&1 | tail -n 1) > "$OUT/pytest_two.log"
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" VARIANT_ENVS="NVFP4_GEMV_CLUSTER=0 -" timeout 200 \
  bash scripts/device_variants.sh cluster2=%docs/runs/run127/next_cluster2.patch > "$OUT/var_cluster.txt" 2>&1
grep -vE "^\s*$" "$OUT/var_two.txt" | tail -n 42
cat "$OUT/pytest_two.log"
grep -vE "^\s*$" "$OUT/var_cluster.txt" | tail -n 28

#!/usr/bin/env bash
# Prepared for the next session (not run), about 5 minutes:
#   bash docs/runs/next_call.sh     (on the device, from the repository root; writes under $OUT)
# Item 75: the cluster split reduction was correct but 1.3-1.6x slower at 4-8 splits, because
# clusters of 4-8 do not fit one wave (run 113). Clusters of 2 do: time them (N = 2 and the
# tiled shapes' 2-split plans) against the reduction kernel, and ncu's launch statistics of the
# 8-CTA clusters for the record.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
# 1. The cluster patch (src only) as a variant, timed with and without clusters, and with clusters
#    of at most 2 CTAs (kMaxClusterSplits edited in the same copy).
sed 's/^+constexpr int kMaxClusterSplits = 8;/+constexpr int kMaxClusterSplits = 2;/' \
  docs/runs/run112/cluster_reduce_src.patch > /tmp/cluster2.patch
VARIANT_CMD="scripts/time_shapes.py 20 tiled columns" VARIANT_ENVS="NVFP4_GEMV_CLUSTER=0 -" timeout 400 \
  bash scripts/device_variants.sh cluster8=%docs/runs/run112/cluster_reduce_src.patch \
  cluster2=%/tmp/cluster2.patch > "$OUT/var.txt" 2>&1
# 2. Launch statistics (waves per SM, occupancy) of 7168x16384 N = 8 with clusters of 8.
(cd /tmp/nvfp4_variants/cluster8 && PYTHONPATH=src NVFP4_GEMV_CACHE_DIR=$PWD/cache timeout 150 \
  ncu --section LaunchStats --section Occupancy -k regex:gemv_kernel -c 1 \
  python3 "$OLDPWD/scripts/profile_case.py" 7168 16384 1 8 fp4 > "$OUT/ncu_cluster8.txt" 2>&1)
grep -vE "^\s*$" "$OUT/var.txt" | tail -n 40
grep -iE "cluster|waves|occupancy|Block Limit" "$OUT/ncu_cluster8.txt" | head -20

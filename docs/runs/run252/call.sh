#!/usr/bin/env bash
# Run 252 (one device call, .variants carried): L2 eviction policies on the streamed loads
# (BENCHMARKS.md item 167). The probe (scripts/evict_probe.cu: the floor's read with each policy
# after each flush), then two builds of the library, head (the tree) and ef (every weight and
# scale load with an L2::evict_first cache policy, the floor's loads too; .variants/ef.cu, made by
# docs/runs/run252/mk_policy.py), each timed by evict.py, two orders.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
v() { for n in "$@"; do echo "$n=@.variants/$n.cu"; done; }
VARIANT_CMD="-c 0" bash scripts/device_variants.sh $(v head ef) > "$OUT/build.txt" 2>&1 &
nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/ep scripts/evict_probe.cu && timeout 120 /tmp/ep 20 > "$OUT/probe.txt" 2>&1
cat "$OUT/probe.txt"
wait
cat "$OUT/build.txt"
for order in "head ef" "ef head"; do
  VARIANT_REUSE=1 VARIANT_TAIL=12 VARIANT_CMD="$PWD/docs/runs/run252/evict.py" bash scripts/device_variants.sh \
    $(v $order) >> "$OUT/evict.txt" 2>&1
done
grep -vE "^\s*$" "$OUT/evict.txt"

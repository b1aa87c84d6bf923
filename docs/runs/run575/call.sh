#!/usr/bin/env bash
# Run 575 (ninety-fourth session), item 341: does the GEMV pay, inside its timed interval, for
# starting cold after the flush (its code out of L2 and the instruction caches, the SMs' L1 /
# shared-memory split set for the flush kernel), where the stream floor, a small kernel with no
# shared memory, would not? (1) docs/runs/run575/smem_config_probe.cu: the floor launched with 0-100
# KB of dynamic shared memory, plain, after an empty kernel of the same shared memory, and with the
# max-L1 carveout preference; (2) docs/runs/run575/warm_probe.py: the GEMV (task rows, 4096x4096,
# W4A16 bf16 7168x16384) and its floor after the flush with nothing, a read of a few MB, or the same
# kernel on tiny operands before the start event.
# Predicted (written before the run): (1) the floor with 1-8 KB within 0.2 us of 0 KB; at 48-100 KB
# 0-0.5 us slower plain and not with the pre kernel (a reconfiguration, if any, only for a split
# far from the flush kernel's); (2) "same" 0-0.5 us faster than "read" on the GEMV rows, the floor
# within 0.1 across its three; "read" within 0.2 of "none" everywhere.
# On an H200 (owed since the ninety-second session) it runs docs/runs/run571/call.sh instead.
# Usage (device, from the repo root): bash docs/runs/run575/call.sh  (OUT: where the output goes)
set -uo pipefail
if [[ $(nvidia-smi --query-gpu=name --format=csv,noheader) == *H200* ]]; then
  exec bash docs/runs/run571/call.sh
fi
source scripts/device_call_setup.sh
nvcc -O3 -std=c++17 -arch=sm_90a -Iscripts -o /tmp/scp docs/runs/run575/smem_config_probe.cu &&
  timeout 120 /tmp/scp 30 > "$OUT/smem_config.txt" 2>&1
echo "smem probe rc $? ${SECONDS}s" >> "$OUT/env.txt"
timeout 240 python3 docs/runs/run575/warm_probe.py 30 2>&1 | grep -v -i warn > "$OUT/warm.txt"
echo "warm probe rc $? ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/smem_config.txt" "$OUT/warm.txt"

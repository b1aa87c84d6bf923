#!/usr/bin/env bash
# Run 586 (ninety-sixth session): the second H200 try of the session, not wasted if an H100 comes.
# On an H200: run 585 (what the H200 is owed: run 571's measurements, item 343's A/B; ~450 s).
# On any other card: item 345's check (bench.random_bytes and bench.stream_read_call, which the
# bench's read_bandwidth / copy_read_bandwidth / stream_floor and scripts warm_probe.py,
# floor_inflight.py and sweep_timeline.py now share): tests/test_cli.py on the GPU, `nvfp4-gemv
# bench --reps 20` (read bandwidth, copy read side, floors, cuBLAS), warm_probe on one case and
# floor_inflight on two grids, all as before the change (run 582/583's H100 floors: 28-29 us on
# 66 MB).
# Predicted (other card): tests pass; the bench's floors and read bandwidth as an H100 gave them
# before (within 2%), warm_probe's and floor_inflight's output in their old form.
# Usage (device, from the repo root): bash docs/runs/run586/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] && exec bash docs/runs/run585/call.sh
source scripts/device_call_setup.sh
{ timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_cli.py 2>&1 | tail -n 3
  echo "== bench (${SECONDS}s)"
  timeout 200 python3 -m nvfp4_gemv bench --reps 20 --json "$OUT/bench.json" 2>&1 | grep -v -i warn
  echo "== warm_probe (${SECONDS}s)"
  timeout 90 python3 scripts/warm_probe.py 10 7168x16384:792x16384 2>&1 | grep -v -i warn
  echo "== floor_inflight (${SECONDS}s)"
  timeout 90 python3 scripts/floor_inflight.py 5 1x512 2x512 2>&1 | grep -v -i warn
  echo "all done (${SECONDS}s)"; } > "$OUT/log.txt" 2>&1
cat "$OUT/env.txt" "$OUT/log.txt"

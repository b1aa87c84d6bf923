#!/usr/bin/env bash
# Run 577 (ninety-fourth session), item 341: what does "same" warm? Runs 575-576 (H100): after the
# flush, the W4A4 sweep ran 0.3-0.6 us faster (8192x28672 0.6-1.1) when the same kernel had just run
# on tiny operands than after a read of as many bytes, on six of nine shapes, and not on 4096x4096,
# 7168x2048 or 4096x7168x8 (the same 1 x 7 kernel as 2048x7168, which gained); running the checked
# step first (run 576) changed nothing. Two more pre steps (scripts/warm_probe.py): "other", a tiny
# GEMV of another sweep kernel (a GEMV ran, not this code), and "slow", the tiny call's bytes read on
# one warp an SM (a pre step as long as the tiny GEMV, the flush's write-backs drained).
# Predicted (written before the run): if the kernel's own code is what "same" warms, "other" and
# "slow" within 0.1 us of "read" and "same" 0.3-0.6 under all three on the six shapes; if it is the
# pre step's length (write-backs still draining after the fast read), "slow" as fast as "same".
# Usage (device, from the repo root): bash docs/runs/run577/call.sh  (OUT: where the output goes)
set -uo pipefail
source scripts/device_call_setup.sh
C=7168x16384:792x16384:fp4:396x4096,7168x2048x4:792x2048x4:fp4:396x7168,14336x4096:792x4096:fp4:792x16384
C=$C,2048x7168:396x7168:fp4:792x2048x4,4096x7168x8:64x7168x8:fp4:792x2048x4,4096x4096:396x4096:fp4:792x16384
C=$C,7168x2048:396x2048:fp4:792x16384,8192x28672:528x28672:fp4:792x16384
for pass in 1 2; do
  echo "== pass $pass (${SECONDS}s)"
  timeout 150 python3 scripts/warm_probe.py 20 $C nofloor 2>&1 | grep -v -i warn
done > "$OUT/warm.txt"
echo "== floors (${SECONDS}s)" >> "$OUT/warm.txt"
timeout 150 python3 scripts/warm_probe.py 20 7168x16384:792x16384:fp4:396x4096,7168x2048x4:792x2048x4:fp4:396x7168 2>&1 |
  grep -v -i warn >> "$OUT/warm.txt"
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt" "$OUT/warm.txt"

#!/usr/bin/env bash
# Run 544 (eighty-fifth session; branch fp16-paired): item 331, fp16 x on the W4A16 sweep's paired
# CTAs. At L = 1 the one-column 2-piece kernels of 1..8 warps a row pair their groups (one CTA an SM
# holding the groups of two, x in one shared copy that each group writes a share of) for bf16 x
# only (items 231, 241-242: the share of bf16's conversion). Run 543 (H100) timed fp16 x slower than
# bf16 x on 4096x14336 (20.3-21.1 us against 19.7; 541: 20.2-20.5 against 19.7-19.8), where bf16
# pairs and fp16 does not; 7168x16384 and 14336x4096 fp16 0.3-0.5 faster. Here fp16 x pairs too
# (its share: the words' pair_k copy, no conversion); fp16 at L > 1 runs the kBatched instances
# (unpaired, as before). (1) the W4A16 GPU tests (-k 'w4a16 or sweep16') and memcheck on
# scripts/memcheck_cases.py, on the new tree; (2) old (before.patch) / new / new / old with fp16 and
# bf16 x (bf16: the control, its code unchanged) on the 2-piece L = 1 shapes, the long streams, and
# L > 1 (fp16's kBatched instance); (3) the repeat probe for run 543's slow median (repeat.py).
# Predicted: tests pass, memcheck 0 errors; fp16 4096x14336 0.5-1.0 us faster (to bf16's ~19.7 or
# below), 4096x10240 / 4096x12288 / 18432x7168 / the lm_head 0.2-0.6 faster, 7168x16384 even to
# 0.3 faster; L > 1 and bf16 within 0.2; the slow median does not recur (a transient).
# Usage (device, from the repo root): bash docs/runs/run544/call.sh  (OUT: where the output goes)
set -uo pipefail
OLD_PATCH=docs/runs/run544/before.patch
source scripts/device_call_setup.sh
{ timeout 200 python3 -m pytest -q -x tests/test_gpu_kernel.py -k 'w4a16 or sweep16' 2>&1 | tail -n 4
  echo "tests ${SECONDS}s"
  timeout 150 compute-sanitizer --tool memcheck --error-exitcode 1 python3 scripts/memcheck_cases.py 2>&1 | tail -n 2
  echo "memcheck exit $? (${SECONDS}s)"; } > "$OUT/tests.txt" 2>&1
cat "$OUT/tests.txt"
A=4096x14336,7168x16384,14336x4096,4096x10240,4096x12288,18432x7168
B=151936x4096,65536x4096
C=7168x2048x4,2048x7168x4,4096x4096x2,2048x7168
{ for s in old new new old; do ab_side $s $A floors; ab_side $s $B floors; ab_side $s $C; done; } > "$OUT/sides.txt" 2>&1
echo "sides ${SECONDS}s" >> "$OUT/env.txt"
timeout 120 python3 docs/runs/run544/repeat.py 6 > "$OUT/repeat.txt" 2>&1
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/env.txt"
tail -n 8 "$OUT/repeat.txt"
python3 docs/runs/run536/table.py "$OUT/sides.txt" | cut -c1-120

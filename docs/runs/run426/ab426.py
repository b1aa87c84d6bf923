"""Run 426's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column on the shapes whose
plans two.patch moves from 4 pieces a thread (2 CTAs an SM: 12-16 warps) to 2 (24-28 warps): K =
4096 past 256 MiB (the lm_head), 12288, 14336 and 16384 on many rows; then dynamic W4A4 (bf16 x
quantized in the call) on four of them, where 2 pieces can quantize inside the sweep and 4 could
not; controls: the task's 7168x16384 and 4096x7168x8.
Usage: PYTHONPATH=src python docs/runs/run426/ab426.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "151936x4096,14336x14336,4096x14336x8,7168x16384x2,14336x12288,8192x12288x2,"
                "7168x16384,4096x7168x8", "floors", "fp4"])
ab_shapes.main([reps, "151936x4096,4096x14336x8,7168x16384x2,14336x12288,4096x7168x8", "floors", "dyn"])

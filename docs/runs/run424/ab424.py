"""Run 424's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column: the shapes of the
2-piece kernels on 5 and 6 warps a row (K = 8193..12288 where 4 pieces do not apply), which
cta4.patch runs at 4 CTAs an SM (20 and 24 warps) in place of 3 (15 and 18), and two controls.
Usage: PYTHONPATH=src python docs/runs/run424/ab424.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "4096x10240,8192x10240,14336x10240,4096x12288,8192x12288,2048x12288x4,4096x10240x2,"
                "7168x16384,4096x7168x8", "floors", "fp4"])

"""Run 428's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column on the shapes of the
2-piece sweep kernels that run 3 CTAs an SM (CTAs of 8 warps: 1, 2, 4, 8 warps a row, and 2 groups
of 3), which p2c4.patch runs at 4 (32 and 24 warps an SM; the 8-warp CTAs spill 44-56 bytes at
that bound, the 3-warp one none), the task's two among them, and a control.
Usage: PYTHONPATH=src python docs/runs/run428/ab428.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,7168x2048x4,28672x2048,8192x4096,4096x8192,151936x4096,100000x6144,"
                "4096x7168x8", "floors", "fp4"])

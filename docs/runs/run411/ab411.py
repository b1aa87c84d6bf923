"""Run 411's timing pass: scripts/ab_shapes.py, W4A4 at one FP4 column, on the shapes that take the
4-piece row sweep on 2 or 7 warps a row (16384x8192, 28672x8192, 8192x28672) and two controls
whose kernels the patch leaves alone (7168x16384 on 2 x 8, the lm_head on 4 x 1).
Usage: PYTHONPATH=src python docs/runs/run411/ab411.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

ab_shapes.main([sys.argv[1], "16384x8192,28672x8192,8192x28672,7168x16384,151936x4096", "floors", "fp4"])

"""Run 417's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column: the task shapes, the
L = 1 layers (14336x4096 and the lm_head on the 4-piece one-warp kernel, sweep_kernel<4, 1>, with
28672x4096 and 4096x4096x4 beside them), and two more batched shapes.
Usage: PYTHONPATH=src python docs/runs/run417/ab417.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x7168x8,7168x2048x4,14336x4096,151936x4096,28672x4096,4096x4096x4,"
                "4096x14336,4096x4096,2048x7168,7168x2048,5120x5120x4,14336x4096x2", "floors", "fp4"])

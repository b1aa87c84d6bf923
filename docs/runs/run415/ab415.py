"""Run 415's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column, the task shapes and
other batched shapes (L > 1, where the change moves the CTAs' row ranges), then L = 1 controls
(the same kernels' SASS moved) and the lm_head.
Usage: PYTHONPATH=src python docs/runs/run415/ab415.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x7168x8,7168x2048x4,4096x4096x2,5120x5120x4,2048x7168x8,14336x4096x2,"
                "1000x4096x2,4096x14336,14336x4096,4096x4096,7168x2048,151936x4096", "floors", "fp4"])

"""Run 419's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column: the task shapes, the
one-piece kernels' layers (4 rows in flight a thread: quad.patch's 4-row butterfly), the 2-piece
kernels' (quadall.patch's 4 rows a butterfly over two windows) and a 4-piece control.
Usage: PYTHONPATH=src python docs/runs/run419/ab419.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x7168x8,7168x2048x4,4096x4096,2048x7168,7168x2048,5120x5120x4,"
                "4096x14336,16384x6144,8192x10240,4096x4096x2,14336x4096", "floors", "fp4"])

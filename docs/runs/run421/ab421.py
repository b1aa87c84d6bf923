"""Run 421's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column: the shapes warps.patch
moves to one piece a thread (4 pieces on K = 4096 and 8192, 2 pieces on K = 6144), at every length
up to the lm_head, then controls it leaves alone.
Usage: PYTHONPATH=src python docs/runs/run421/ab421.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "14336x4096,28672x4096,151936x4096,4096x4096x4,14336x4096x2,16384x8192,28672x8192,"
                "16384x6144,32768x6144,4096x6144x4,7168x16384,7168x2048x4,4096x7168x8,8192x8192",
                "floors", "fp4"])

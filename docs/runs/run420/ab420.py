"""Run 420's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column: the shapes one64.patch
moves to one piece a thread (all batches' weights 19-57 MB, a row within 8 warps of one piece),
then two controls it leaves alone.
Usage: PYTHONPATH=src python docs/runs/run420/ab420.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x2048x4,28672x2048,14336x4096,4096x4096x2,8192x4096,12288x4096,4096x4096x4,"
                "2048x8192x2,16384x6144,7168x16384,4096x7168x8", "floors", "fp4"])

"""Run 396's timing pass (BENCHMARKS.md item 245): scripts/ab_shapes.py on the W4A16 shapes whose
decode the patch moves (one column; L = 8 on the row tiles).
Usage: PYTHONPATH=src python docs/runs/run396/ab396.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,8192x28672,4096x14336,18432x7168,151936x4096,4096x4096,3584x18944", "floors"])
ab_shapes.main([reps, "7168x16384", "cols=2"])
ab_shapes.main([reps, "4096x7168x8"])

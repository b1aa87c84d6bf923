"""Run 395's timing pass (BENCHMARKS.md item 244): scripts/ab_shapes.py over the shapes the patch
changes, at one, two and four activation columns and at L > 1 (the row tiles' fp16 item).
Usage: PYTHONPATH=src python docs/runs/run395/ab395.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x14336,8192x28672,151936x4096,18432x7168,4096x4096,2048x7168,"
                "3584x18944,16384x6144", "floors"])
ab_shapes.main([reps, "7168x16384,4096x14336", "cols=2"])
ab_shapes.main([reps, "7168x16384", "fp4", "cols=2"])
ab_shapes.main([reps, "7168x16384", "cols=4"])
ab_shapes.main([reps, "4096x7168x8,7168x2048x4"])

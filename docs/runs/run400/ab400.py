"""Run 400's timing pass (BENCHMARKS.md item 247): scripts/ab_shapes.py over the row sweeps' shapes,
W4A4 at one FP4 column (the task shapes and layers) and W4A16 with fp16 and bf16 x.
Usage: PYTHONPATH=src python docs/runs/run400/ab400.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x14336,4096x4096,14336x4096,16384x6144,4096x7168x8,7168x2048x4",
                "floors", "fp4"])
ab_shapes.main([reps, "7168x16384,8192x28672,4096x14336,18432x7168,151936x4096", "floors"])

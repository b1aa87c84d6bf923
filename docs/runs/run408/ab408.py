"""Run 408's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column (the task shapes and
short layers: the epilogue variant), then W4A16 at one fp16 / bf16 column (short and long layers:
fp16 x loaded first in x16first; bf16, unchanged there, a control).
Usage: PYTHONPATH=src python docs/runs/run408/ab408.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,14336x4096,4096x4096,2048x7168,7168x2048,7168x2048x4,4096x7168x8",
                "floors", "fp4"])
ab_shapes.main([reps, "4096x4096,2048x7168,7168x2048,4096x14336,14336x4096,7168x16384,8192x28672",
                "floors"])

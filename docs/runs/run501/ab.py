"""Run 501's timing (BENCHMARKS.md item 306): the tile sweep's copy side, W4A4 (FP4 x) at N = 8 on
run 500's shapes, write flush, median of REPS, unchecked; its kernels and the stream floor on each
line. Usage: python ab.py REPS"""
import subprocess
import sys

SHAPES = "4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672"
subprocess.run([sys.executable, "scripts/ab_shapes.py", sys.argv[1], SHAPES, "cols=8", "fp4", "floors"], check=False)

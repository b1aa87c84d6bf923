"""Run 500's timing (BENCHMARKS.md item 305): the tile sweep waited for a piece at a time, on
shapes of few tiles a CTA (4096x14336, 2048x7168, 14336x4096, 4096x4096) and of many (7168x16384,
8192x28672), W4A4 (FP4 x) at N = 8 and 4, W4A16 (fp16, bf16 x) at N = 8, write flush, median of
REPS, unchecked (the call's tests check the candidate). One line a shape (at FP4 N = 8 its kernels
and the stream floor too). Usage: python ab.py REPS"""
import subprocess
import sys

SHAPES = "4096x14336,2048x7168,14336x4096,4096x4096,7168x16384,8192x28672"
reps = sys.argv[1]
for args in (["cols=8", "fp4", "floors"], ["cols=4", "fp4"], ["cols=8"]):
    subprocess.run([sys.executable, "scripts/ab_shapes.py", reps, SHAPES, *args], check=False)

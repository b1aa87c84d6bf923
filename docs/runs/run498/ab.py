"""Run 498's timing (BENCHMARKS.md item 304): the tile sweep's shapes of 4 chunks a thread (3 stages
where they fit, 2 where not) and controls, W4A4 (FP4 x) and W4A16 (fp16, bf16 x: bf16 takes 2 chunks,
unchanged), N = 4 and 8, write flush, median of REPS, unchecked (the call's tests check). One line a
shape: the medians (at N = 8 its kernels and the stream floor too). Usage: python ab.py REPS"""
import subprocess
import sys

SHAPES_4 = "4096x14336,8000x6144,8192x14336,3000x18944,14336x5120"
SHAPES_C = "7168x16384"  # control: 2 chunks a thread, unchanged
reps = sys.argv[1]
for cols, floors in (("cols=8", ["floors"]), ("cols=4", [])):
    for acts in ([], ["fp4"]):
        subprocess.run([sys.executable, "scripts/ab_shapes.py", reps, SHAPES_4 + "," + SHAPES_C, cols, *floors, *acts],
                       check=False)

"""Run 432's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column, then dynamic W4A4 (bf16
x, the fused sweeps at L = 1), with l1.patch (BENCHMARKS.md item 267: sweep_kernel's L == 1 at compile
time, its first weight loads 23-85 instructions earlier) against the tree. L = 1 shapes of every
W4A4 sweep shape in use (1 x 2, 1 x 4, 1 x 7, 2 x 2, 2 x 7, 2 x 8, 4 x 7, 4 x 8, 1 x 6); the L > 1 task
rows are controls (their kernels' SASS is the tree's).
Usage: PYTHONPATH=src python docs/runs/run432/ab432.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "4096x4096,7168x2048,2048x7168,2048x2048,14336x4096,4096x14336,7168x16384,151936x4096,"
                "8192x28672,4096x32768,16384x6144,7168x2048x4,4096x7168x8", "floors", "fp4"])
ab_shapes.main([reps, "4096x4096,7168x2048,2048x7168,14336x4096", "floors", "dyn"])

"""Run 399's timing pass (BENCHMARKS.md item 246): scripts/ab_shapes.py, W4A4 at one FP4 column, over
shapes whose sweep takes 2 pieces a thread on 3, 5 or 6 warps a row (the kernels xs4.patch changes),
and control shapes on kernels it leaves alone (7168x16384, 4096x4096, the batched task shapes).
Usage: PYTHONPATH=src python docs/runs/run399/ab399.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "16384x6144,32768x6144,4096x10240,8192x10240,4096x12288,8192x12288,16384x12288,"
                "4096x6144x4,2048x12288x4,7168x16384,4096x4096,4096x7168x8,7168x2048x4", "floors", "fp4"])

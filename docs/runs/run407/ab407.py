"""Run 407's timing pass (the row sweeps' full loop iterations without row-count predicates):
scripts/ab_shapes.py over the W4A4 sweep's shapes at one FP4 column (the task shapes and the
layers of runs 403-405), then the W4A16 sweep's at one fp16 / bf16 column (8, 7 and 14 warps of 2
pieces, one piece, the paired bf16 lm_head, L = 4).
Usage: PYTHONPATH=src python docs/runs/run407/ab407.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x14336,16384x6144,14336x4096,4096x4096,2048x7168,7168x2048,"
                "7168x2048x4,4096x7168x8", "floors", "fp4"])
ab_shapes.main([reps, "7168x16384,4096x14336,8192x28672,18432x7168,3584x18944,4096x4096,2048x7168,"
                "151936x4096,7168x2048x4", "floors"])

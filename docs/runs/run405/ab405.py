"""Run 405's timing pass (BENCHMARKS.md item 249): scripts/ab_shapes.py, W4A4 at one FP4 column, over
the W4A4 sweep's shapes of runs 403-404 (the task shapes, 2 pieces on 8, 7, 3, 2 and 1 warps, one
piece on 4 and 7, 4 pieces on 3) and the lm_head (4 pieces on one warp, a row at a time: unchanged,
a control).
Usage: PYTHONPATH=src python docs/runs/run405/ab405.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x14336,16384x6144,14336x4096,4096x4096,2048x7168,7168x2048,"
                "16384x12288,7168x2048x4,4096x7168x8,151936x4096", "floors", "fp4"])

"""Run 404's timing pass (BENCHMARKS.md item 249): scripts/ab_shapes.py, W4A4 at one FP4 column, on
the W4A4 sweep's shapes of run 403 (the lm_head, whose kernel the patch leaves alone, a control).
Usage: PYTHONPATH=src python docs/runs/run404/ab404.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x14336,16384x6144,4096x4096,2048x7168,7168x2048,7168x2048x4,4096x7168x8,"
                "151936x4096", "floors", "fp4"])

"""Run 414's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column (the task shapes, the
L = 1 layers and the lm_head), then W4A16 at one fp16 / bf16 column (the layers, the lm_head and
7168x2048x4, bf16's kBatched instance at L = 4).
Usage: PYTHONPATH=src python docs/runs/run414/ab414.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "7168x16384,4096x7168x8,7168x2048x4,4096x14336,14336x4096,4096x4096,2048x7168,7168x2048,"
                "151936x4096", "floors", "fp4"])
ab_shapes.main([reps, "7168x16384,4096x14336,8192x28672,4096x4096,2048x7168,7168x2048,151936x4096,7168x2048x4",
                "floors"])

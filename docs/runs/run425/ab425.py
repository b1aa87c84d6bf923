"""Run 425's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column: the shapes of the
2-piece kernel on 7 warps a row (K = 12289..14336 on fewer than 8448 rows, where 4 pieces do not
apply) and of the 4-piece kernel on 5 warps (K = 16385..20480), which warps.patch runs at 4 and 3
CTAs an SM (28 and 15 warps) in place of 3 and 2 (21 and 10), and two controls.
Usage: PYTHONPATH=src python docs/runs/run425/ab425.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "4096x14336,8192x14336,1024x14336,4096x13312,2048x14336x4,3584x18944,7168x18432,"
                "4096x20480,3584x18944x2,7168x16384,4096x7168x8", "floors", "fp4"])

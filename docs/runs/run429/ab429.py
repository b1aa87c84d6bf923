"""Run 429's timing pass: scripts/ab_shapes.py over W4A4 at one FP4 column, then dynamic W4A4 (bf16
x), on K = 6144: with p23.patch the 2-piece kernel of 2 groups of 3 warps runs 4 CTAs an SM (24
warps, as one piece on 6), so item 259's rule no longer takes one piece past 16 MiB (16384x6144,
32768x6144, 8192x6144, 4096x6144x4 move from 1 x 6 to 2 x 3) and 100000x6144 (past 256 MiB, 2 x 3
either way) gets 24 warps in place of 18; 4096x6144 (14 MB, one piece either way) and 7168x16384
are controls.
Usage: PYTHONPATH=src python docs/runs/run429/ab429.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "16384x6144,32768x6144,8192x6144,4096x6144x4,100000x6144,4096x6144,7168x16384", "floors",
                "fp4"])
ab_shapes.main([reps, "16384x6144,4096x6144x4", "floors", "dyn"])

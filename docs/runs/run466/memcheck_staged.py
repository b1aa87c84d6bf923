"""Run 466's extra memcheck cases (BENCHMARKS.md item 279): the W4A4 row sweep with its scales
staged, on shapes whose windows and segments the staging's barriers must follow: 2 pieces on 8
warps at L = 1 with 7-8 rows a CTA (2773 x 16384: the last window of a group partly empty), on one
warp with batches cutting CTAs' ranges (7001 x 2048 x 3, 1001 x 2048 x 3), on 7 at 4 CTAs an SM
(3701 x 14336), one piece on 4 warps (5003 x 4096: windows of 4 rows) and on 7 with a few rows a
CTA over five batches (300 x 7168 x 5), 4096 x 7168 x 8 as the task runs it; FP4 x, and dynamic
(bf16 x: at L = 1 the quantize kernel then the staged sweep). Operands made on the GPU. This file
only runs the shapes under memcheck; the outputs' bits are run 465's check (outputs.py with the
staging off and on) and their values the GPU tests'.
Usage: PYTHONPATH=src compute-sanitizer --tool memcheck python docs/runs/run466/memcheck_staged.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import random_operands

ops.load()
for m, k, l in [(2773, 16384, 1), (7001, 2048, 3), (1001, 2048, 3), (3701, 14336, 1), (5003, 4096, 1),
                (300, 7168, 5), (4096, 7168, 8)]:
    for act in ("fp4", "dyn"):
        a, sfa, x, sfx = random_operands(m, k, l, 1, "bf16" if act == "dyn" else "fp4", "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        if act == "dyn":
            torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)
        else:
            torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
        torch.cuda.synchronize()
        print("ok", m, k, l, act, flush=True)

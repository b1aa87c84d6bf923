"""Run 463's extra memcheck cases (BENCHMARKS.md item 278): shapes on which the quad butterfly's
loops run, unchecked and then checked: 2 pieces at 3 CTAs an SM (2773 x 16384 on 8 warps, 7-8 rows
a CTA; 7001 x 2048 x 3 on one warp, ~6.6 rows a group; the 151936 x 4096 lm_head on 2) and at 4
(3701 x 14336 on 7 warps, 7-8 rows a CTA), one piece (5003 x 4096 on 4 warps), each with FP4 x and
dynamic (bf16 x: the quantize kernel then the sweep past K = 8192, fused in the sweep below).
Operands made on the GPU.
Usage: PYTHONPATH=src compute-sanitizer --tool memcheck python docs/runs/run463/memcheck_quad.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import random_operands

ops.load()
for m, k, l in [(2773, 16384, 1), (7001, 2048, 3), (151936, 4096, 1), (3701, 14336, 1), (5003, 4096, 1)]:
    for act in ("fp4", "dyn"):
        a, sfa, x, sfx = random_operands(m, k, l, 1, "bf16" if act == "dyn" else "fp4", "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        if act == "dyn":
            torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)
        else:
            torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
        torch.cuda.synchronize()
        print("ok", m, k, l, act, flush=True)

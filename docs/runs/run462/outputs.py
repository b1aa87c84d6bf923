"""Run 462's output check (BENCHMARKS.md item 278): the W4A4 row sweep's outputs, as bytes, on shapes
that take each of its kernels (2 pieces on 1, 2 and 8 warps a row at 3 CTAs an SM and on 7 at 4, one
piece on 2, 4, 7 and 8 warps, 4 pieces on 7 as the control), with row counts that
leave each group's last rows to the checked loop, FP4 x and dynamic (bf16 x quantized in the call,
fused where the plan allows), fp32 out so that every bit of the sums shows. One line per case: its
kernels and a SHA-256 of the output. The quad butterfly adds the lanes' partial sums in the pair
butterfly's order, so each line must equal the base copy's.
Usage: PYTHONPATH=src python docs/runs/run462/outputs.py"""
import hashlib
import sys

import torch

sys.path.insert(0, "scripts")
from ab_shapes import kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import random_operands  # noqa: E402

SHAPES = [(7168, 16384, 1), (7001, 16384, 1), (4096, 7168, 8), (7168, 2048, 4), (1001, 2048, 3),
          (151936, 4096, 1), (14336, 4096, 1), (4099, 4096, 1), (2048, 7168, 1), (7168, 2048, 1),
          (16384, 8192, 1), (4096, 14336, 1), (8192, 28672, 1)]
ops.load()
for m, k, l in SHAPES:
    for act in ("fp4", "dyn"):
        torch.manual_seed(m + k + l)
        a, sfa, x, sfx = random_operands(m, k, l, 1, "bf16" if act == "dyn" else "fp4", "cuda")
        out = torch.full((l, m, 1), float("nan"), dtype=torch.float32, device="cuda")
        if act == "dyn":
            call = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)  # noqa: E731
        else:
            call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
        call()
        torch.cuda.synchronize()
        digest = hashlib.sha256(out.cpu().numpy().tobytes()).hexdigest()[:16]
        print(f"{m}x{k}x{l} {act} | nan {int(out.isnan().sum())} | {','.join(kernel_names(call))} | {digest}",
              flush=True)

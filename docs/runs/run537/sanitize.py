"""Run 537's sanitizer cases (as run 536's) (racecheck and memcheck): the 4-chunk tile sweep streaming a tile as
units (item 328): one tile a CTA (2048x7168 N = 8), warps 8-15 skipping their last piece
(2000x5120 N = 8), several tiles a CTA on 3 stages (8448x4128 N = 8), clusters of 2 (999x16384 N =
4), row factors in the ring (3000x6144 N = 8, weight scale per row and bias), the tiled format
(3000x6144 N = 7); fp16 and FP4 x, each called once and synchronized."""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import random_operands

ops.load()
for m, k, n, extra in ((2048, 7168, 8, ""), (2000, 5120, 8, ""), (8448, 4128, 8, ""), (999, 16384, 4, ""),
                       (3000, 6144, 8, "factors"), (3000, 6144, 7, "tiled")):
    for act in ("fp16", "fp4"):
        a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
        layout, wgs, bias = 0, None, None
        if extra == "tiled":
            a, sfa = fmt.to_tiled(a, sfa)
            layout = reference.TILED
        if extra == "factors":
            wgs, bias = torch.rand(m, device="cuda") + 0.5, torch.randn(m, device="cuda")
        out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
        torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, wgs, None, bias, out)
        torch.cuda.synchronize()
        print("ok", m, k, n, act, extra, flush=True)

"""Run 500's sanitizer cases: the tile sweep waited for a piece at a time, 4 chunks a thread on 3
stages over 4 tiles (8448x4128 N = 8, one CTA a cluster), on 2 over 5 (3000x18944 N = 5, clusters
of 3), and 2 chunks on 4 stages (7168x16384 N = 8, clusters of 4; 2048x7168 N = 8, one tile a CTA),
fp16 and FP4 x, each called once and synchronized."""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import random_operands

ops.load()
for m, k, n in ((8448, 4128, 8), (3000, 18944, 5), (7168, 16384, 8), (2048, 7168, 8)):
    for act in ("fp16", "fp4"):
        a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
        out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
        torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
        torch.cuda.synchronize()
        print("ok", m, k, n, act, flush=True)

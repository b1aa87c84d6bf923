"""Run 306: the tile sweep at 9..16 columns on 2 chunks a thread (Sweep8Shape<2, 2>: x at 64
registers, 116-124 in all, no spills; clusters of up to 4 at K = 16384) against one chunk (the
tree's rule, clusters of up to 8), in one build of the variant kernel file (.variants/c16p2.cu):
NVFP4_GEMV_C16P2=1 takes 2 chunks. Unchecked timings the bench's way (events, write flush,
median of 20). Usage: PYTHONPATH=<src> python3 cols16_p2.py LABEL"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print(sys.argv[1], flush=True)
for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048),
             (28672, 8192), (512, 14336), (256, 4096), (128, 2048)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (9, 12, 16):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)

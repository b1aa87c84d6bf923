"""Run 308: the tile sweep at 3..8 columns where 4096 < K <= 8192 on 4 chunks a thread (one CTA
holds K: 132 CTAs, 2 stages) against 2 (clusters of 2, 66 at once), fp16 and FP4 x (bf16 x takes
2 chunks, item 196), in one build of .variants/four8k.cu (NVFP4_GEMV_FOUR8K=1 forces 4).
Unchecked timings the bench's way (events, write flush, median of 20).
Usage: PYTHONPATH=<src> python3 four_ab.py LABEL"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print(sys.argv[1], flush=True)
for m, k in [(28672, 8192), (8192, 8192), (4096, 8192), (2048, 8192), (14336, 5120), (4096, 6144)]:
    row = []
    for act in ("fp16", "fp4"):
        for n in (3, 4, 8):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)

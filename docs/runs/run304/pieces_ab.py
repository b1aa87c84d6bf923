"""Run 304: the tile sweep at 3..8 columns on the shapes where sweep8_choice's model gives 4 chunks
a thread (K > 8192, at least 10% less work: 4096x14336 and 2048x16384 on clusters of 2) against 2
chunks (clusters of 4, 30 at once), now that the 2-chunk kernel's copies are branch-free (item
191; item 186 measured 4 chunks faster before it). Unchecked timings the bench's way (events,
write flush, median of 20). Usage: PYTHONPATH=<src> python3 pieces_ab.py LABEL"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print(sys.argv[1], flush=True)
for m, k in [(4096, 14336), (2048, 16384), (1024, 14336)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (3, 4, 8):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)

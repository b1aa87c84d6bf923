"""Run 278: the tile sweep at N = 5 and 8 (fp16 / FP4 x), L = 1, row-major, and the row tiles at
N = 5 (NVFP4_GEMV_SWEEP8=0 in the same build) for the rule's N = 5-7 (BENCHMARKS.md item 185).
Unchecked timings the bench's way (events, write flush, median of 20). Usage: PYTHONPATH=src
[NVFP4_GEMV_SWEEP8=0] python3 n58.py"""
import os

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("NVFP4_GEMV_SWEEP8 =", os.environ.get("NVFP4_GEMV_SWEEP8", "unset"), flush=True)
for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (28672, 8192)]:
    row = []
    for act in ("fp16", "fp4"):
        for n in (5, 8):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)

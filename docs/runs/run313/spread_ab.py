"""Run 313 (BENCHMARKS.md item 201): the tile sweep past K = 16384 on clusters of 8 CTAs where 7
hold K (2 chunks a thread: the H200 holds 15 clusters of either, 105 against 120 SMs) against
clusters of 7 (the tree before, .variants/before_spread.cu), each its own build; fp16 / bf16 / FP4 x
at N = 2, 4, 8, 16. Unchecked timings the bench's way (events, write flush, median of 20).
Usage: PYTHONPATH=<src> NVFP4_GEMV_CACHE_DIR=<cache> python3 spread_ab.py LABEL"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print(sys.argv[1], flush=True)
for m, k in [(8192, 28672), (5120, 27648)]:
    for act in ("fp16", "bf16", "fp4"):
        row = []
        for n in (2, 4, 8, 16):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"N={n} {t.median_us:.1f}")
        print(f"{m}x{k} {act}: " + ", ".join(row), flush=True)

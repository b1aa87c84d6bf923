"""Run 299: 9..16 activation columns at L = 1, row-major (BENCHMARKS.md item 194): the tile sweep
with two blocks of 8 columns on one chunk a thread (sweep8_kernel<act, 1, 2>; NVFP4_GEMV_SWEEP8
unset) against the kernels those calls took before (NVFP4_GEMV_SWEEP8=0, same build: the row
tiles with split K), N = 8 and N = 1 in the same process for the ratios. Unchecked timings the
bench's way (events, write flush, median of 20); the GPU tests check the answers. Usage:
PYTHONPATH=src [NVFP4_GEMV_SWEEP8=0] python3 cols16_ab.py"""
import os

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("NVFP4_GEMV_SWEEP8 =", os.environ.get("NVFP4_GEMV_SWEEP8", "unset"), flush=True)
for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048),
             (28672, 8192)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (1, 8, 9, 12, 16):
            if n in (1, 8) and os.environ.get("NVFP4_GEMV_SWEEP8") == "0":
                continue
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)

"""Run 291: 3..8 activation columns at L = 1, row-major, K > 8192 (BENCHMARKS.md item 191): the
tile sweep with its branch-free copies (sweep8_kernel; NVFP4_GEMV_SWEEP8 unset, the tree without
the "K <= 8192 or N > 4" condition) against the kernels those calls take without it
(NVFP4_GEMV_SWEEP8=0, same build), N = 1 in the same process for the ratio. Unchecked timings the
bench's way (events, write flush, median of 20). Usage: PYTHONPATH=src [NVFP4_GEMV_SWEEP8=0]
python3 cols_ab.py"""
import os

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("NVFP4_GEMV_SWEEP8 =", os.environ.get("NVFP4_GEMV_SWEEP8", "unset"), flush=True)
for m, k in [(7168, 16384), (4096, 14336), (2048, 16384), (4096, 10240)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (1, 3, 4, 5, 8):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)

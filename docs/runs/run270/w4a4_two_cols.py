"""Run 270: W4A4 at two activation columns, row-major, L = 1 (BENCHMARKS.md item 181): FP4 x on the
W4A16 sweep's kernel (the tree) against the row tiles (NVFP4_GEMV_SWEEP16=0 in the same build, which
also turns the 16-bit sweeps off: only the FP4 rows compare like for like), and the dynamic op
(bf16 x quantized per call, then the FP4 GEMV). Unchecked timings the bench's way (events, write
flush, median of 20). Usage: PYTHONPATH=src [NVFP4_GEMV_SWEEP16=0] python3 w4a4_two_cols.py [MxK ...] (run 271 passed
the shapes between 47 and 113 MB)"""
import os
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("NVFP4_GEMV_SWEEP16 =", os.environ.get("NVFP4_GEMV_SWEEP16", "unset"), flush=True)
shapes = [tuple(int(v) for v in arg.split("x")) for arg in sys.argv[1:]] or [
    (7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048), (28672, 8192)]
for m, k in shapes:
    a, sfa, x, sfx = random_operands(m, k, 1, 2, "fp4", "cuda")
    xb = torch.randn((1, 2, k), device="cuda").to(torch.bfloat16)
    out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
    td = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, xb, 0, None, None, None, out), flusher, 20)
    print(f"{m}x{k} N=2: fp4 {t.median_us:.1f}, dynamic bf16 {td.median_us:.1f}", flush=True)

"""Run 251: W4A4 at one column, row-major, L = 1, the W4A4 sweep's pieces rule of two builds
(w4head: one piece only where it leaves fewer of a row's pieces past K; w4one: also wherever the
weights are at most 16 MiB and a row fits 8 warps of one, as the W4A16 sweep since item 166), FP4
x and dynamic (bf16 x quantized inside the sweep); unchecked timings the bench's way (events,
write flush, median of 20). Usage (in each variant's copy): PYTHONPATH=src python3 w4a4_one.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((4096, 4096), (7168, 2048), (1024, 4096), (4096, 6144), (14336, 4096)):
    a, sfa, x, sfx = random_operands(m, k, 1, 1, "fp4", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
    xb = torch.randn((1, 1, k), device="cuda").to(torch.bfloat16)
    ags = torch.tensor([1.0], device="cuda")
    td = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, xb, 0, None, ags, None, out), flusher, 20)
    print(f"{m}x{k}: fp4 {t.median_us:.1f}, dynamic bf16 {td.median_us:.1f}", flush=True)

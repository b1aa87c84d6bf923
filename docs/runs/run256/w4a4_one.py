"""Run 256: W4A4 at one column, row-major, L = 1, FP4 x and dynamic (bf16 x quantized in the
sweep), the W4A4 sweep's pieces rule of two builds: w4one (the tree: one piece a thread at L = 1
up to 16 MiB of weights, BENCHMARKS.md item 168) and w4two (without that clause: run 238's rule);
unchecked timings the bench's way (events, write flush, median of 30). Usage (in each variant's
copy): PYTHONPATH=src python3 w4a4_one.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((4096, 4096), (7168, 2048), (2048, 4096), (4096, 6144), (3072, 3072)):
    a, sfa, x, sfx = random_operands(m, k, 1, 1, "fp4", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 30)
    xb = torch.randn((1, 1, k), device="cuda").to(torch.bfloat16)
    ags = torch.tensor([1.0], device="cuda")
    td = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, xb, 0, None, ags, None, out), flusher, 30)
    print(f"{m}x{k}: fp4 {t.median_us:.1f}, dynamic bf16 {td.median_us:.1f}", flush=True)

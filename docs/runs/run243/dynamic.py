"""Run 243: dynamic W4A4 (bf16 x quantized per call, torch.ops.nvfp4.gemv_dynamic_out)
against W4A16 (the same x, gemv_out) on row-major weights at one column, the task shapes' row
shapes and the layers; unchecked timings the bench's way (events, write flush, median of 20), the
W4A4 floor beside.
Usage (on the device): PYTHONPATH=src python3 next_dynamic.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((4096, 4096), (14336, 4096), (4096, 14336), (7168, 2048), (2048, 7168), (7168, 16384),
             (151936, 4096), (5120, 5120), (7168, 1024)):
    a, sfa, x, _ = random_operands(m, k, 1, 1, "bf16", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    dyn = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out), flusher, 20)
    w16 = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
    floor, _ = stream_floor(gemv_bytes(m, k, 1), flusher, "cuda", 20)
    print(f"{m}x{k} row-major bf16 x: dynamic W4A4 {dyn.median_us:.1f} us, W4A16 {w16.median_us:.1f} us, "
          f"W4A4 floor {floor.median_us:.1f} us", flush=True)

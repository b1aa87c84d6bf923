"""Run 244: the W4A4 row sweep on K = 3072 and 5120 (one piece a thread on 3 and 5 warps since
item 158, never timed there) against 2 pieces (variant two: one piece only where K <= 1024), and
2048x7168 (7 warps) as the measured control; unchecked timings the bench's way (events, write
flush, median of 20), the floor beside.
Usage (on the device, in each variant's copy): PYTHONPATH=src python3 odd_k.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k, l in ((5120, 5120, 1), (13824, 5120, 1), (1024, 5120, 1), (8192, 3072, 1), (3072, 3072, 1),
                (5120, 5120, 4), (2048, 7168, 1)):
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
    floor, _ = stream_floor(gemv_bytes(m, k, l), flusher, "cuda", 20)
    print(f"{m}x{k}x{l}: gemv {t.median_us:.1f} us, floor {floor.median_us:.1f} us", flush=True)

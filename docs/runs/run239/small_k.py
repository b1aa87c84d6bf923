"""Run 239: the W4A4 row sweep's rows that item 158 moved and had not timed, unchecked timings the
bench's way (events, write flush, median of 20): K <= 1024 at one batch and with batches (one
piece a thread on one warp since item 158, 2 pieces before), 4096x7168x8 and 2048x7168 again, and
dynamic W4A4 on 2048x7168 (its fused kernel one piece a thread since item 158).
Usage (on the device, in each variant's copy): PYTHONPATH=src python3 small_k.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k, l in ((7168, 1024, 1), (14336, 1024, 1), (4096, 512, 1), (28672, 1024, 1), (4096, 1024, 8),
                (4096, 7168, 8), (2048, 7168, 1)):
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
    floor, _ = stream_floor(gemv_bytes(m, k, l), flusher, "cuda", 20)
    print(f"{m}x{k}x{l}: gemv {t.median_us:.1f} us, floor {floor.median_us:.1f} us", flush=True)
a, sfa, x, _ = random_operands(2048, 7168, 1, 1, "bf16", "cuda")
out = torch.empty((1, 2048, 1), dtype=torch.float16, device="cuda")
dyn = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out), flusher, 20)
print(f"2048x7168x1 dynamic W4A4 (bf16 x): {dyn.median_us:.1f} us", flush=True)

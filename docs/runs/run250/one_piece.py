"""Run 250: W4A16 at one column, row-major, L = 1, the pieces rule of two builds (head: one piece a
thread only where ceil(K / 1024) is odd or K <= 1024; one: wherever a row fits 8 warps of one,
K <= 8192, as the two-column sweep does since item 164); unchecked timings the bench's way
(events, write flush, median of 20), the floor beside. Usage (in each variant's copy):
PYTHONPATH=src python3 one_piece.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((4096, 4096), (14336, 4096), (151936, 4096), (7168, 2048), (1024, 4096), (8192, 8192),
             (28672, 8192), (4096, 6144)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", 20)
    print(f"{m}x{k}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)

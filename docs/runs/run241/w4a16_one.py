"""Run 241: W4A16 at one column, row-major, where the W4A16 sweep takes one piece a thread since
item 159 (L = 1 and ceil(K / 1024) odd or K <= 1024; 2 pieces before), and two unchanged controls
(7168x16384, 4096x4096); unchecked timings the bench's way (events, write flush, median of 20),
the floor beside. Usage (on the device, in each variant's copy): PYTHONPATH=src python3 w4a16_one.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((2048, 7168), (4096, 7168), (7168, 1024), (28672, 1024), (4096, 512), (8192, 3072),
             (5120, 5120), (7168, 16384), (4096, 4096)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", 20)
    print(f"{m}x{k}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)

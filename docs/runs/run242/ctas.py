"""Run 242: the W4A16 one-piece sweep (item 159) by CTAs per SM (variants of kSweep16OneWarps),
on shapes whose K takes one piece a thread on 1, 3, 5 or 7 warps; unchecked timings the bench's
way (events, write flush, median of 20), the floor beside.
Usage (on the device, in each variant's copy): PYTHONPATH=src python3 ctas.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((5120, 5120), (1024, 5120), (13824, 5120), (8192, 3072), (3072, 3072), (2048, 7168),
             (4096, 7168), (7168, 1024), (28672, 1024)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", 20)
    print(f"{m}x{k}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)

"""Run 246: the W4A16 sweep on the shapes run 241 had not timed against 2 pieces (head: 20ee8c7,
2 pieces everywhere; tree: one piece at up to 20 warps a SM); unchecked timings the bench's
way (events, write flush, median of 20), the floor beside.
Usage (on the device, in each variant's copy): PYTHONPATH=src python3 k5120.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((13824, 5120), (1024, 5120), (3072, 3072), (5120, 5120)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", 20)
    print(f"{m}x{k}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)
